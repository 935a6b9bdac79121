import { Suspense, createElement, lazy, type ComponentType } from 'react';
import { Loading } from './cards';

/** A component in a chunk of its own: what renders it, where its code comes from, and how to fetch that code. */
export interface Chunk<P extends object> {
  Component: ComponentType<P>;
  /** The source module, as the build manifest names it, so the server can tell the browser to fetch the chunk early. */
  module: string;
  load: () => Promise<void>;
}

/**
 * A page, or a part only some pages need (a live article's coverage), as a chunk of its own, so that a reader
 * downloads the code of what they open. `load` fetches the chunk; once it is loaded, `Component` renders at once, which
 * is what server rendering and hydration need (both load it first). One not loaded yet (a link followed in the
 * browser) shows the spinner while its chunk arrives.
 */
export function chunk<P extends object = Record<string, never>>(module: string, load: () => Promise<{ default: ComponentType<P> }>): Chunk<P> {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  function Chunked(props: P) {
    return loaded ? createElement(loaded, props) : <Suspense fallback={<Loading />}>{createElement(Lazy as unknown as ComponentType<P>, props)}</Suspense>;
  }
  return {
    Component: Chunked,
    module: `src/${module}.tsx`,
    load: () => load().then((loadedModule) => { loaded = loadedModule.default; }),
  };
}
