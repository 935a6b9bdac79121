import { fireEvent } from '@testing-library/react';

/**
 * What the editor's tests in jsdom need beyond it: jsdom lays nothing out, and ProseMirror asks for rectangles
 * when it scrolls the cursor into view; a paste is an event carrying the clipboard's types.
 */
export function installEditorDomStubs() {
  const empty = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  Range.prototype.getBoundingClientRect ??= empty;
  Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
}

/** Pastes into an element what the clipboard holds, by type ('text/plain', 'text/html'). */
export function paste(target: Element, clipboard: Record<string, string>) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => clipboard[type] ?? '', types: Object.keys(clipboard), files: [], items: [] },
  });
  fireEvent(target, event);
}

/** Selects words in the editor (or places the cursor after them, `collapse`), as a click or a drag would. */
export function select(text: HTMLElement, words: string, { collapse = false } = {}) {
  const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(words);
    if (at < 0) continue;
    text.focus();
    const end = at + words.length;
    document.getSelection()!.setBaseAndExtent(node, collapse ? end : at, node, end);
    fireEvent(document, new Event('selectionchange'));
    return;
  }
  throw new Error(`No “${words}” in the editor`);
}
