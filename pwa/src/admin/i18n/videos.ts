import { area } from './area';

export const videos = area({
}, {
});
