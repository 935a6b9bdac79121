import { articlesA } from './articles-a.js';
import { articlesB } from './articles-b.js';
import { richArticles } from './articles-rich.js';

export { journalists } from './staff.js';
export { advertisements, customVideos, episodes, people, series } from './catalogue.js';
export const articles = [...articlesA, ...articlesB, ...richArticles];
export { liveArticles } from './live.js';
