/**
 * Where a link may lead and what an image may be ([editor]): the article body's rules, which an episode's chapters
 * follow too ([voice]). Apart from the Markdown parser, so that a schema can check a field without loading it.
 */

/** A link goes to the web, to a mailbox or to a path of the site; anything else (javascript:, data:, //host) is text. */
export function allowedHref(href: string): boolean {
  return /^(https?:\/\/[^/\\\s]|mailto:[^\s])/i.test(href) || /^\/(?![/\\])/.test(href);
}

/** An image in an article is a file of the product's own store, nothing fetched from elsewhere. */
export function allowedImage(src: string): boolean {
  return /^\/uploads\/(?!.*(\.\.|\\|\/\/))[^\s?#]+$/.test(src);
}
