import { Picture } from './cards';

/** The square cover of an episode or a series, or the brand mark when there is none. */
export function MediaCover({ src }: { src: string | null }) {
  return (
    <div className="media-hero-cover">
      {src
        ? <Picture src={src} alt="" width={640} height={640} eager />
        : <div className="brand-placeholder" aria-hidden="true"><span>R</span></div>}
    </div>
  );
}
