/**
 * Word for the desktop copies a list as paragraphs styled `mso-list:l0 level1 lfo1`, each with its bullet or number as
 * text in a span styled `mso-list:Ignore`. They are made real lists (nested by their level) before the editor reads
 * the HTML, so that a list pasted from Word stays a list; any other HTML is left as it is.
 */
export function wordListsToLists(html: string): string {
  if (!/mso-list/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let open: { list: HTMLElement; level: number }[] = [];
  for (const paragraph of doc.body.querySelectorAll('p')) {
    const level = /mso-list:\s*l\d+\s+level(\d+)/i.exec(paragraph.getAttribute('style') ?? '')?.[1];
    if (!level) continue;
    const marker = paragraph.querySelector('[style*="mso-list:Ignore"]');
    const ordered = /^\s*\w{1,4}[.)]/.test(marker?.textContent ?? '');
    marker?.remove();
    // A list goes on while its items follow one another.
    if (open[0] && paragraph.previousElementSibling !== open[0].list) open = [];
    while (open.length && open[open.length - 1]!.level > Number(level)) open.pop();
    if (!open.length || open[open.length - 1]!.level < Number(level)) {
      const list = doc.createElement(ordered ? 'ol' : 'ul');
      if (open.length) (open[open.length - 1]!.list.lastElementChild ?? open[open.length - 1]!.list).append(list);
      else paragraph.before(list);
      open.push({ list, level: Number(level) });
    }
    const item = doc.createElement('li');
    item.append(...paragraph.childNodes);
    open[open.length - 1]!.list.append(item);
    paragraph.remove();
  }
  return doc.body.innerHTML;
}
