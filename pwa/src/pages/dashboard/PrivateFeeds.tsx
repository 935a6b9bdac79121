import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PodcastFeed } from '@redaktion/shared';
import { apiPaths } from '@redaktion/shared/client';
import { useServices, useSession } from '../../services/context';
import { Loading } from '../../components/cards';
import { copyText } from '../../components/ShareButton';
import { useI18n } from '../../i18n';
import { feedsText } from '../../i18n/feeds';
import { isStaff, isSubscriber } from '../../state/session';
import { toast } from '../../state/toasts';
import { errorMessage } from './form-fields';

const withoutScheme = (url: string) => url.replace(/^https?:\/\//, '');

/** Each app's documented way to subscribe to a feed by address. */
export const PODCAST_APPS = [
  { name: 'Apple Podcasts', link: (url: string) => `podcast://${withoutScheme(url)}` },
  { name: 'Pocket Casts', link: (url: string) => `pktc://subscribe/${withoutScheme(url)}` },
  { name: 'Overcast', link: (url: string) => `overcast://x-callback-url/add?url=${encodeURIComponent(url)}` },
] as const;

/**
 * A subscriber's private podcast feeds, one per series, for the podcast app of their choice. The addresses
 * carry the subscriber's own token, so they are read straight from the API and never kept on the device.
 */
export function PrivateFeeds() {
  const { t, locale } = useI18n();
  const text = feedsText(locale);
  const { user } = useSession();
  const services = useServices();
  const entitled = isSubscriber(user) || isStaff(user);
  const [feeds, setFeeds] = useState<PodcastFeed[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  useEffect(() => {
    if (!entitled) return;
    let current = true;
    services.api.get(apiPaths.podcastFeeds).then(
      (answer) => { if (current) setFeeds(answer); },
      (caught: unknown) => { if (current) setError(errorMessage(caught, t)); },
    );
    return () => { current = false; };
  }, [entitled, services, t]);

  async function rotate() {
    if (!window.confirm(text.rotateConfirm)) return;
    setRotating(true);
    try {
      setFeeds(await services.api.rotatePodcastFeeds());
      toast(text.rotated);
    } catch (caught) {
      toast(errorMessage(caught, t), undefined, 'destructive');
    } finally {
      setRotating(false);
    }
  }

  async function copy(feed: PodcastFeed) {
    if (await copyText(feed.url)) toast(t('common.copied'), feed.title);
    else toast(t('common.copyFailed'), feed.url, 'destructive');
  }

  if (!user) return null;
  return (
    <section className="account-card private-feeds" aria-labelledby="private-feeds-title">
      <h2 id="private-feeds-title">{text.title}</h2>
      {!entitled ? (
        <p>{text.forSubscribers} <Link to="/subscribe">{text.subscribe}</Link></p>
      ) : error ? <p role="alert">{error}</p> : !feeds ? <Loading /> : (
        <>
          <p className="muted">{text.intro}</p>
          <ul className="private-feed-list">
            {feeds.map((feed) => (
              <li key={feed.seriesId} className="private-feed">
                <h3>{feed.title}</h3>
                <label className="visually-hidden" htmlFor={`feed-url-${feed.seriesId}`}>{text.address(feed.title)}</label>
                <input id={`feed-url-${feed.seriesId}`} className="private-feed-url" readOnly value={feed.url} onFocus={(event) => event.currentTarget.select()} />
                <div className="private-feed-actions">
                  <button type="button" className="button button-ghost" onClick={() => void copy(feed)} aria-label={text.copy(feed.title)}>
                    {t('common.copy')}
                  </button>
                  {PODCAST_APPS.map((app) => (
                    <a key={app.name} className="button button-ghost" href={app.link(feed.url)}>{text.openIn(app.name)}</a>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          <p className="muted">{text.rotateText}</p>
          <button type="button" className="button" disabled={rotating} onClick={() => void rotate()}>{text.rotate}</button>
        </>
      )}
    </section>
  );
}
