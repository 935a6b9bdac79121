import { area } from './area';

export const interviews = area({
}, {
});
