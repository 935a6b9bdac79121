import { area } from './area';

export const photos = area({
}, {
});
