import { area } from './area';

export const overview = area({
}, {
});
