import { useCallback, useEffect, useState } from 'react';
import { apiPaths, type ApiClient } from '@redaktion/shared/client';
import { useServices } from '../services/context';
import { useI18n, type Locale } from '../i18n';

/**
 * Push alerts on this device (contract.md §8 [engage]). The browser's subscription is the truth about whether
 * alerts are on; the topics it follows ('breaking', 'series:{id}') are kept beside it, since the server stores
 * exactly the topics each call names. A series' topic is set by following it (offline/following.ts).
 */
const TOPICS_KEY = 'redaktion.alertTopics';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The topics last told to the server, whether or not the browser still holds the subscription (followedTopics asks). */
export function storedTopics(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(TOPICS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((topic): topic is string => typeof topic === 'string') : [];
  } catch {
    return [];
  }
}

/** The browser's push subscription on this device, if it has one. */
export async function subscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** The topics followed on this device: none when the browser holds no subscription (it may have dropped it). */
export async function followedTopics(): Promise<string[]> {
  return (await subscription()) ? storedTopics() : [];
}

export class AlertsDenied extends Error {}

/** Follows or stops following a topic; the permission prompt comes only here, after the reader's click. */
export async function setTopic(api: ApiClient, topic: string, follow: boolean, locale: Locale): Promise<string[]> {
  const current = await followedTopics();
  return keepTopics(api, follow ? [...new Set([...current, topic])] : current.filter((name) => name !== topic), locale, true);
}

/** Tells the server this device's topics; none ends its subscription. A new subscription is made only if `ask`. */
export async function keepTopics(api: ApiClient, topics: string[], locale: Locale, ask: boolean): Promise<string[]> {
  let existing = await subscription();
  if (!topics.length) {
    if (existing) {
      await api.request('DELETE', '/api/push/subscriptions', { endpoint: existing.endpoint }).catch(() => undefined);
      await existing.unsubscribe();
    }
  } else {
    if (!existing) {
      if (!ask || (await Notification.requestPermission()) !== 'granted') throw new AlertsDenied();
      const { vapidPublicKey } = await api.get(apiPaths.config);
      const registration = await navigator.serviceWorker.ready;
      existing = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidPublicKey });
    }
    await api.request('POST', '/api/push/subscriptions', { subscription: existing.toJSON(), topics, locale });
  }
  localStorage.setItem(TOPICS_KEY, JSON.stringify(topics));
  return topics;
}

/** One topic's switch: whether it is on here, and turning it on or off. `supported` is false where a browser has no push. */
export function usePushTopic(topic: string) {
  const { api } = useServices();
  const { locale } = useI18n();
  const [supported, setSupported] = useState(false);
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'denied' | 'failed' | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    setSupported(true);
    let live = true;
    void followedTopics().then((topics) => { if (live) setOn(topics.includes(topic)); }, () => undefined);
    return () => { live = false; };
  }, [topic]);

  const toggle = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      setOn((await setTopic(api, topic, !on, locale)).includes(topic));
    } catch (error) {
      setProblem(error instanceof AlertsDenied ? 'denied' : 'failed');
    } finally {
      setBusy(false);
    }
  }, [api, topic, on, locale]);

  return { supported, on, busy, problem, toggle };
}
