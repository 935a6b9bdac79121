/** Where readers get an article's published read-aloud (premium rules as its body's, Range as episode audio). */
export const articleAudioPath = (articleId: number) => `/api/articles/${articleId}/audio`;

/** Where editors listen to the draft before they publish it. */
export const draftAudioPath = (articleId: number) => `/api/admin/articles/${articleId}/audio/draft`;
