import { area } from './area';

export const media = area({
}, {
});
