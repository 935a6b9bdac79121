import { useMemo } from 'react';
import { parseArticle } from '@redaktion/shared/content';
import { Blocks, type BodyParts } from '@redaktion/shared/content/render';
import { useMediaSrc } from '../media/SingleFileUpload';
import { usePlatform } from '../platform';

/**
 * An article's Markdown as the reader page renders it (the same tree and the same elements), for the AI generator's
 * preview and the editor's history. Links open outside the admin; an embed shows what it points at.
 */
export function BodyPreview({ markdown }: { markdown: string }) {
  const platform = usePlatform();
  const mediaSrc = useMediaSrc();
  const parts = useMemo<BodyParts>(() => ({
    Link: ({ href, children }) => (
      <a href={href.startsWith('/') ? `${platform.siteUrl}${href}` : href} onClick={(event) => {
        event.preventDefault();
        platform.openExternal(href.startsWith('/') ? `${platform.siteUrl}${href}` : href);
      }}>{children}</a>
    ),
    Image: ({ src, alt }) => <img src={mediaSrc(src)} alt={alt} loading="lazy" />,
    YouTube: ({ videoId }) => <p className="admin-embed">YouTube: {videoId}</p>,
    Embed: ({ block }) => <p className="admin-embed">{block.card?.title ?? block.path}</p>,
  }), [platform, mediaSrc]);
  const body = useMemo(() => parseArticle(markdown), [markdown]);
  return <div className="article-body admin-body-preview"><Blocks blocks={body} parts={parts} /></div>;
}
