import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isClientRoute } from '@redaktion/shared/routes';
import { LatestArticles } from './LatestArticles';
import './styles.css';

/** A placeholder front page until the reader screens are built: the latest articles, and a real 404 page. */
function App() {
  const known = isClientRoute(window.location.pathname);
  return (
    <>
      <header className="masthead"><a href="/">Redaktion</a></header>
      <main>
        {known ? <LatestArticles /> : (
          <section aria-labelledby="not-found">
            <h1 id="not-found">Sidan finns inte</h1>
            <p>Sidan du letar efter har flyttats eller finns inte längre.</p>
            <p><a href="/">Till startsidan</a></p>
          </section>
        )}
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
