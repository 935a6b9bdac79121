import { useEffect, useState } from 'react';
import type { Article } from '@redaktion/shared';

export function LatestArticles() {
  const [articles, setArticles] = useState<Article[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch('/api/articles?limit=12', { credentials: 'include' })
      .then((response) => (response.ok ? response.json() as Promise<Article[]> : Promise.reject(new Error(String(response.status)))))
      .then(setArticles)
      .catch(() => setFailed(true));
  }, []);

  if (failed) return <p role="alert">Det gick inte att hämta artiklarna.</p>;
  if (!articles) return <p aria-busy="true">Laddar…</p>;
  return (
    <section aria-labelledby="latest">
      <h1 id="latest">Senaste nytt</h1>
      <ul className="articles">
        {articles.map((article) => (
          <li key={article.id}>
            <a href={`/article/${article.id}`}>
              {article.imageUrl && <img src={article.imageUrl} alt={article.imageAlt ?? ''} width={320} height={180} loading="lazy" />}
              <span className="category">{article.category}</span>
              <strong>{article.title}</strong>
              <span>{article.excerpt}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
