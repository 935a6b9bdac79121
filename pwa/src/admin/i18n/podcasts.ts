import { area } from './area';

export const podcasts = area({
}, {
});
