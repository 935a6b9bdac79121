import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Article } from '@redaktion/shared';
import { installDialogPolyfill, jsonFetch, renderAdmin, resetAdminScreens, staffUser } from '../../test/render';
import type { AdminPlatform } from '../../platform';
import ArticleBodyEditor from './ArticleBodyEditor';
import { installEditorDomStubs, paste, select } from './editor-testing';

beforeAll(() => {
  installDialogPolyfill();
  installEditorDomStubs();
  URL.createObjectURL = () => 'blob:local';
  URL.revokeObjectURL = () => undefined;
});
afterEach(resetAdminScreens);

/** The editor as the article form holds it: the Markdown it writes, shown beside it, and a place for its dialogs. */
function Body({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <form><ArticleBodyEditor label="Content" value={value} onChange={setValue} dialogHost={host} /></form>
      <div ref={setHost} />
      <output data-testid="markdown">{value}</output>
    </>
  );
}

function renderBody(initial = '', { routes = {}, locale = 'en', upload }: {
  routes?: Parameters<typeof jsonFetch>[0]; locale?: 'en' | 'sv'; upload?: AdminPlatform['upload'];
} = {}) {
  const api = jsonFetch(routes);
  renderAdmin(<Body initial={initial} />, { fetch: api.fetch, user: staffUser(), locale, upload });
  return { api, text: screen.getByRole('textbox', { name: locale === 'en' ? 'Content' : 'Content' }) };
}

const markdown = () => screen.getByTestId('markdown').textContent;
/** The Markdown the form holds, once the editor has written it (when typing pauses). */
const written = (expected: string) => waitFor(() => expect(markdown()).toBe(expected));
const toolbar = () => within(screen.getByRole('toolbar', { name: 'Formatting' }));
const tool = (name: string) => toolbar().getByRole('button', { name });
const selectAll = (text: HTMLElement) => fireEvent.keyDown(text, { key: 'a', ctrlKey: true });

describe('the article editor', () => {
  it('shows the Markdown as the reader will see it, in a text box named by its label', async () => {
    const { text } = renderBody('## Valnatten\n\nDet var **jämnt** i [norr](https://www.val.se).\n\n- Ett\n- Två\n\n> Citat\n\n:::factbox[Fakta]\nInne\n:::\n\n/podcast/2');
    expect(await within(text).findByText('Episode 2')).toBeTruthy();
    expect(text.getAttribute('aria-multiline')).toBe('true');
    expect(within(text).getByRole('heading', { level: 2 }).textContent).toBe('Valnatten');
    expect(within(text).getByText('jämnt').tagName).toBe('STRONG');
    expect(within(text).getByRole('link', { name: 'norr' }).getAttribute('href')).toBe('https://www.val.se');
    expect(within(text).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ett', 'Två']);
    expect(text.querySelector('blockquote')?.textContent).toBe('Citat');
    expect(text.querySelector('aside.factbox .factbox-title')?.textContent).toBe('Fakta');
  });

  it('has a toolbar with one Tab stop, arrow keys between its buttons, and pressed states for marks and blocks', async () => {
    const { text } = renderBody('Riksdagen röstar.');
    const buttons = toolbar().getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Bold', 'Italic', 'Link', 'Subheading', 'Minor heading', 'Bulleted list', 'Numbered list', 'Quote',
      'Picture', 'Fact box', 'Table', 'Embed', 'Markdown',
    ]);
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[0]]);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    expect(buttons[1]!.tabIndex).toBe(0);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons.at(-1));
    fireEvent.keyDown(buttons.at(-1)!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);

    expect(tool('Bold').getAttribute('aria-pressed')).toBe('false');
    expect(tool('Bold').getAttribute('aria-keyshortcuts')).toContain('Control+B');
    select(text, 'Riksdagen');
    fireEvent.keyDown(text, { key: 'b', ctrlKey: true });
    await written('**Riksdagen** röstar.');
    expect(tool('Bold').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(text, { key: 'i', ctrlKey: true });
    expect(tool('Italic').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(tool('Subheading'));
    expect(tool('Subheading').getAttribute('aria-pressed')).toBe('true');
    await written('## **_Riksdagen_** röstar.');
    fireEvent.click(tool('Subheading'));
    fireEvent.click(tool('Numbered list'));
    expect(tool('Numbered list').getAttribute('aria-pressed')).toBe('true');
    await written('1. **_Riksdagen_** röstar.');
  });

  it('keeps headings, links, lists and emphasis of a Google Docs paste and drops the rest', async () => {
    const { text } = renderBody();
    paste(text, {
      'text/plain': 'Valet',
      'text/html': '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><h1 dir="ltr"><span style="font-size:20pt;font-weight:400;color:#000000">Valet 2026</span></h1>'
        + '<p dir="ltr"><span style="font-weight:700">Fet</span><span> och </span><span style="font-style:italic">kursiv</span><span> text med </span>'
        + '<a href="https://www.val.se"><span style="color:#1155cc;text-decoration:underline">en källa</span></a><span style="color:#ff0000;text-decoration:line-through"> struken</span></p>'
        + '<ul><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span>Ett</span></p></li><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span>Två</span></p></li></ul>'
        + '<p dir="ltr"><img src="https://lh3.googleusercontent.com/bild.png" width="200"><span style="font-family:Comic Sans MS">Slut</span><sup>1</sup></p>'
        + '<p><a href="javascript:alert(1)">farlig</a></p></b>',
    });
    await written('## Valet 2026\n\n**Fet** och *kursiv* text med [en källa](https://www.val.se) struken\n\n- Ett\n- Två\n\nSlut1\n\nfarlig');
  });

  it('keeps the headings, lists and emphasis of a Word paste, its lists included', async () => {
    const { text } = renderBody();
    paste(text, {
      'text/plain': 'Rubrik',
      'text/html': '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body lang=SV>'
        + '<h2>Rubrik</h2><p class=MsoNormal><b>Fet</b> och <i>kursiv</i> <span style=\'color:red\'>röd</span><o:p></o:p></p>'
        + '<p class=MsoListParagraphCxSpFirst style=\'text-indent:-18.0pt;mso-list:l0 level1 lfo1\'><!--[if !supportLists]--><span style=\'font-family:Symbol\'><span style=\'mso-list:Ignore\'>·<span style=\'font:7.0pt "Times New Roman"\'>&nbsp;&nbsp; </span></span></span><!--[endif]-->Första</p>'
        + '<p class=MsoListParagraphCxSpLast style=\'text-indent:-18.0pt;mso-list:l0 level1 lfo1\'><!--[if !supportLists]--><span style=\'font-family:Symbol\'><span style=\'mso-list:Ignore\'>·<span style=\'font:7.0pt "Times New Roman"\'>&nbsp;&nbsp; </span></span></span><!--[endif]-->Andra</p>'
        + '<p class=MsoNormal>Mellan</p>'
        + '<p class=MsoListParagraph style=\'mso-list:l1 level1 lfo2\'><span style=\'mso-list:Ignore\'>1.<span>&nbsp; </span></span>Ett</p>'
        + '<p class=MsoListParagraph style=\'mso-list:l1 level1 lfo2\'><span style=\'mso-list:Ignore\'>2.<span>&nbsp; </span></span>Två</p>'
        + '</body></html>',
    });
    await written('## Rubrik\n\n**Fet** och *kursiv* röd\n\n- Första\n- Andra\n\nMellan\n\n1. Ett\n2. Två');
  });

  it('embeds an address pasted on an empty line, and not one pasted into a sentence', async () => {
    const { text } = renderBody('Se klippet:');
    select(text, 'klippet:', { collapse: true });
    paste(text, { 'text/plain': 'https://youtu.be/dQw4w9WgXcQ' });
    await written('Se klippet:[https://youtu.be/dQw4w9WgXcQ](https://youtu.be/dQw4w9WgXcQ)');
    fireEvent.keyDown(text, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(text, { key: 'Enter' });
    paste(text, { 'text/plain': 'https://youtu.be/dQw4w9WgXcQ' });
    expect(await within(text).findByText('YouTube video dQw4w9WgXcQ')).toBeTruthy();
    await written('Se klippet:\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ');
    // The site's own address, copied from the browser, embeds as its path.
    fireEvent.click(tool('Embed'));
    const dialog = within(screen.getByRole('dialog', { name: 'Embed' }));
    fireEvent.change(dialog.getByLabelText('Address'), { target: { value: 'https://example.com/video' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Embed' }));
    expect(dialog.getByText(/This address cannot be embedded/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Address'), { target: { value: 'http://admin.test/podcast/3' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Embed' }));
    expect(await within(text).findByText('Episode 3')).toBeTruthy();
    await written('Se klippet:\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n/podcast/3');
  });

  it('links the selection through the link dialog (Mod-k), to an address or to an article found by its words', async () => {
    const found: Partial<Article>[] = [{ id: 14, title: 'Så räknas rösterna', publishedAt: '2026-09-14T20:00:00.000Z' }];
    const { api, text } = renderBody('Läs mer om valet.', { routes: { 'GET /api/articles': found } });
    selectAll(text);
    fireEvent.keyDown(text, { key: 'k', ctrlKey: true });
    let dialog = within(screen.getByRole('dialog', { name: 'Link' }));
    fireEvent.change(dialog.getByLabelText('Address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(dialog.getByText(/Enter an address that begins with https:\/\//)).toBeTruthy();
    fireEvent.change(dialog.getByRole('searchbox', { name: 'Find an article on the site' }), { target: { value: 'rösterna' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Search' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Link to “Så räknas rösterna”' }));
    expect(api.calls.at(-1)?.path).toBe('/api/articles?q=r%C3%B6sterna&limit=8');
    expect((dialog.getByLabelText('Address') as HTMLInputElement).value).toBe('/article/14');
    fireEvent.click(dialog.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await written('[Läs mer om valet.](/article/14)');
    expect(tool('Link').getAttribute('aria-pressed')).toBe('true');

    // The link under the cursor opens to be changed, or removed.
    fireEvent.click(tool('Link'));
    dialog = within(screen.getByRole('dialog', { name: 'Link' }));
    expect((dialog.getByLabelText('Address') as HTMLInputElement).value).toBe('/article/14');
    fireEvent.click(dialog.getByRole('button', { name: 'Remove link' }));
    await written('Läs mer om valet.');
  });

  it('inserts a picture uploaded on the spot with its description, caption and credit, and only a file of the store', async () => {
    const upload = vi.fn(async () => ({ url: '/uploads/2026/09/valvaka.jpg' })) as unknown as AdminPlatform['upload'];
    const { text } = renderBody('Inledning.', { upload });
    select(text, 'Inledning.', { collapse: true });
    fireEvent.click(tool('Picture'));
    const dialog = within(screen.getByRole('dialog', { name: 'Insert picture' }));
    fireEvent.change(dialog.getByLabelText('Picture: or paste an address'), { target: { value: 'https://example.com/bild.jpg' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Insert picture' }));
    expect(dialog.getByText('The picture must be a file of this site: upload it or select one from Pexels.')).toBeTruthy();
    expect(dialog.getByText('Describe the picture for readers who cannot see it.')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Picture'), { target: { files: [new File(['x'], 'valvaka.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(dialog.getByText('valvaka.jpg')).toBeTruthy());
    fireEvent.change(dialog.getByLabelText('Image description (alt text)'), { target: { value: 'Partiledare framför "skärmarna"' } });
    fireEvent.change(dialog.getByLabelText('Caption'), { target: { value: 'Valvakan *strax* efter midnatt' } });
    fireEvent.change(dialog.getByLabelText('Photo credit'), { target: { value: 'Foto: Anna Berg' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Insert picture' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await written('Inledning.\n\n::figure[Valvakan \\*strax\\* efter midnatt]{src="/uploads/2026/09/valvaka.jpg" alt="Partiledare framför &#x22;skärmarna&#x22;" credit="Foto: Anna Berg"}');
    const figure = text.querySelector('figure')!;
    expect(within(figure).getByRole('img', { name: 'Partiledare framför "skärmarna"' }).getAttribute('src')).toBe('http://admin.test/uploads/2026/09/valvaka.jpg');
    expect(within(figure).getByText('Foto: Anna Berg')).toBeTruthy();

    fireEvent.click(within(figure).getByRole('button', { name: 'Edit picture' }));
    const edit = within(screen.getByRole('dialog', { name: 'Edit picture' }));
    fireEvent.change(edit.getByLabelText('Photo credit'), { target: { value: 'Foto: TT' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(markdown()).toContain('credit="Foto: TT"'));
    fireEvent.click(within(text.querySelector('figure')!).getByRole('button', { name: 'Remove picture' }));
    await written('Inledning.');
  });

  it('takes a Pexels photo as the server saved it into the store', async () => {
    const { text } = renderBody('', {
      routes: {
        'GET /api/admin/pexels/curated': { photos: [{ id: 9, alt: 'Stockholm i snö', photographer: 'Ola', src: { small: 's', medium: 'm', large: 'l' } }] },
        'POST /api/admin/save-pexels-image': { localUrl: '/uploads/pexels-9.jpg', credit: 'Foto: Ola / Pexels', alt: 'Stockholm i snö', variants: [] },
      },
    });
    fireEvent.click(tool('Picture'));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Insert picture' })).getByRole('button', { name: 'Select Photo from Pexels' }));
    fireEvent.click(await screen.findByRole('button', { name: /Ola/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Insert picture' }));
    await waitFor(() => expect((dialog.getByLabelText('Image description (alt text)') as HTMLInputElement).value).toBe('Stockholm i snö'));
    fireEvent.click(dialog.getByRole('button', { name: 'Insert picture' }));
    await written('::figure{src="/uploads/pexels-9.jpg" alt="Stockholm i snö" credit="Photo: Ola / Pexels"}');
    expect(text.querySelector('figure img')?.getAttribute('src')).toBe('http://admin.test/uploads/pexels-9.jpg');
  });

  it('inserts a fact box and a table, whose own tools show while the cursor is in it', async () => {
    const { text } = renderBody('Text.');
    select(text, 'Text.', { collapse: true });
    fireEvent.click(tool('Fact box'));
    await waitFor(() => expect(text.querySelector('aside.factbox')).toBeTruthy());
    await written('Text.\n\n:::factbox\n:::');
    fireEvent.click(within(text.querySelector('aside')!).getByRole('button', { name: 'Remove fact box' }));
    fireEvent.click(tool('Table'));
    expect(text.querySelectorAll('table tr')).toHaveLength(3);
    fireEvent.click(tool('Add row'));
    expect(text.querySelectorAll('table tr')).toHaveLength(4);
    fireEvent.click(tool('Delete table'));
    expect(text.querySelector('table')).toBeNull();
    expect(toolbar().queryByRole('button', { name: 'Add row' })).toBeNull();
  });

  it('shows and edits the Markdown itself in its view, and reads it back when the view closes', async () => {
    const { text: rich } = renderBody('Första.');
    // A change made just before is in the Markdown at once.
    select(rich, 'Första');
    fireEvent.keyDown(rich, { key: 'b', ctrlKey: true });
    fireEvent.click(tool('Markdown'));
    expect(tool('Markdown').getAttribute('aria-pressed')).toBe('true');
    expect(toolbar().getAllByRole('button')).toHaveLength(1);
    const source = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
    expect(source.tagName).toBe('TEXTAREA');
    expect(source.value).toBe('**Första**.');
    fireEvent.change(source, { target: { value: '### Ny rubrik\n\n1994\\. Då' } });
    fireEvent.click(tool('Markdown'));
    const text = screen.getByRole('textbox', { name: 'Content' });
    expect(within(text).getByRole('heading', { level: 3 }).textContent).toBe('Ny rubrik');
    expect(text.querySelector('p')?.textContent).toBe('1994. Då');
    await written('### Ny rubrik\n\n1994\\. Då');
  });

  it('hands its Markdown to a form that takes it on Ctrl/Cmd+Enter, what was typed a moment ago included, with no line break', async () => {
    const submitted: string[] = [];
    function Entry() {
      const [value, setValue] = useState('');
      return <ArticleBodyEditor label="Entry" compact value={value} onChange={setValue} dialogHost={null} onSubmit={(markdown) => submitted.push(markdown)} />;
    }
    renderAdmin(<Entry />, { fetch: jsonFetch({}).fetch, user: staffUser() });
    const text = screen.getByRole('textbox', { name: 'Entry' });
    expect(text.getAttribute('aria-keyshortcuts')).toBe('Control+Enter Meta+Enter');
    paste(text, { 'text/plain': 'Vinden vänder.' });
    fireEvent.keyDown(text, { key: 'Enter', metaKey: true });
    expect(submitted).toEqual(['Vinden vänder.']);
    expect(text.querySelector('br')).toBeNull();
    fireEvent.click(tool('Markdown'));
    const source = screen.getByRole('textbox', { name: 'Entry' });
    fireEvent.change(source, { target: { value: 'Vinden **vänder**.' } });
    fireEvent.keyDown(source, { key: 'Enter', ctrlKey: true });
    expect(submitted).toEqual(['Vinden vänder.', 'Vinden **vänder**.']);
  });

  it('speaks Swedish in a Swedish admin', () => {
    renderBody('', { locale: 'sv' });
    const bar = within(screen.getByRole('toolbar', { name: 'Formatering' }));
    expect(bar.getAllByRole('button').map((button) => button.textContent).slice(0, 4)).toEqual(['Fet', 'Kursiv', 'Länk', 'Mellanrubrik']);
  });
});
