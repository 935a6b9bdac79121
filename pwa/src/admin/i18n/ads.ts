import { area } from './area';

export const ads = area({
}, {
});
