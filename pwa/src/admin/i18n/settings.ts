import { area } from './area';

export const settings = area({
}, {
});
