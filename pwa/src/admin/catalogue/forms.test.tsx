import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AD_PLACEMENTS } from '@redaktion/shared';
import { resetAdminScreens, jsonFetch, renderAdmin, staffUser } from '../test/render';
import type { AdminPlatform } from '../platform';
import { AdForm } from './AdForm';
import { EpisodeForm } from './EpisodeForm';
import { ad, episode, journalist, series } from '../test/fixtures';
import { JournalistForm } from './JournalistForm';
import { SeriesForm } from './SeriesForm';

afterEach(resetAdminScreens);

type Routes = Parameters<typeof jsonFetch>[0];
const audioUpload: AdminPlatform['upload'] = async <T,>() => ({ url: '/api/admin/audio/nytt.mp3', kind: 'audio' }) as T;

function renderForm(ui: ReactElement, routes: Routes = {}, options: { locale?: 'sv' | 'en'; upload?: AdminPlatform['upload'] } = {}) {
  const api = jsonFetch(routes);
  renderAdmin(ui, { fetch: api.fetch, user: staffUser(), ...options });
  const sent = () => api.calls.filter((call) => call.method !== 'GET');
  return { api, sent };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const optionsOf = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);
const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const switchState = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');
const created = (extra: object) => (body: unknown) => ({ status: 201, body: { ...(body as object), ...extra } });
const refused = (status: number, error: string, issues: { path: string; message: string }[] = []) =>
  () => ({ status, body: { error, code: status === 409 ? 'conflict' : 'validation_failed', issues } });

const SERIES = [series(3, 'Morgonekot'), series(4, 'Gamla arkivet', { active: false })];

describe('the episode form', () => {
  it('starts from the spec defaults and offers only active series', () => {
    renderForm(<EpisodeForm series={SERIES} onDone={() => undefined} />);
    expect(inputValue('Duration (minutes)')).toBe('30');
    expect(inputValue('Episode number')).toBe('1');
    expect(inputValue('Status')).toBe('published');
    expect(optionsOf('Status')).toEqual(['Draft', 'Published', 'Archived']);
    expect(optionsOf('Podcast series')).toEqual(['Select a series', 'Morgonekot']);
    expect(screen.getByRole('group', { name: 'Episode Information' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Media Files' })).toBeTruthy();
    expect(screen.getByText('MP3, WAV, OGG, M4A, up to 100MB')).toBeTruthy();
    expect(screen.getByText('JPG, PNG, WebP, up to 10MB')).toBeTruthy();
  });

  it('shows every message of the spec on an empty submit and sends nothing', async () => {
    const { sent } = renderForm(<EpisodeForm series={SERIES} onDone={() => undefined} />);
    fill('Duration (minutes)', '0');
    submit('Create Episode');
    for (const message of ['Episode title is required', 'Description is required', 'Duration must be greater than 0',
      'Audio file is required', 'Please select a podcast series']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('Episode title').getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
  });

  it('shows the messages in Swedish when the admin is in Swedish', async () => {
    renderForm(<EpisodeForm series={SERIES} onDone={() => undefined} />, {}, { locale: 'sv' });
    submit('Skapa avsnitt');
    expect(await screen.findByText('Avsnittets titel krävs')).toBeTruthy();
    expect(screen.getByText('Välj en poddserie')).toBeTruthy();
  });

  it('creates an episode: minutes become seconds, an unreadable episode number becomes 1', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm series={SERIES} onDone={onDone} />,
      { 'POST /api/admin/podcasts': created({ id: 21 }) }, { upload: audioUpload });
    fill('Episode title', ' Valet i Europa ');
    fill('Description', 'Vad står på spel?');
    fill('Duration (minutes)', '45');
    fill('Episode number', '');
    fill('Podcast series', '3');
    fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [new File(['id3'], 'valet.mp3', { type: 'audio/mpeg' })] } });
    await screen.findByText('Upload successful');
    fireEvent.click(screen.getByRole('switch', { name: 'Premium' }));
    submit('Create Episode');

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([{
      method: 'POST', path: '/api/admin/podcasts',
      body: {
        kind: 'episode', title: 'Valet i Europa', description: 'Vad står på spel?', duration: 2700, episodeNumber: 1,
        audioUrl: '/api/admin/audio/nytt.mp3', seriesId: 3, category: 'news', featured: false, premium: true, status: 'published', chapters: [],
      },
    }]);
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText('Podcast created successfully')).toBeTruthy();
  });

  it('edits an episode: its own audio address and exact seconds go back when unchanged', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={onDone} />,
      { 'PUT /api/admin/podcasts/9': (body: unknown) => ({ status: 200, body }) });
    // 1830 seconds show as 31 minutes.
    expect(inputValue('Duration (minutes)')).toBe('31');
    submit('Update Episode');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ method: 'PUT', path: '/api/admin/podcasts/9', body: { audioUrl: '/api/podcasts/9/audio', duration: 1830, episodeNumber: 4 } });
    expect(await screen.findByText('Podcast updated successfully')).toBeTruthy();
  });

  it('sends changed minutes as seconds on an edit', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={onDone} />,
      { 'PUT /api/admin/podcasts/9': (body: unknown) => ({ status: 200, body }) });
    fill('Duration (minutes)', '40');
    submit('Update Episode');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toMatchObject({ duration: 2400 });
  });

  it("shows the server's refusal as an Error toast and under the field", async () => {
    const onDone = vi.fn();
    renderForm(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={onDone} />, {
      'PUT /api/admin/podcasts/9': refused(400, 'Please select a podcast series', [{ path: 'seriesId', message: 'Please select a podcast series' }]),
    });
    submit('Update Episode');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getAllByText('Please select a podcast series')).toHaveLength(2);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to update podcast' on an edit when the server gives no reason", async () => {
    const emptyAnswer = (async () => new Response('', { status: 502 })) as typeof fetch;
    renderAdmin(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={() => undefined} />, { fetch: emptyAnswer, user: staffUser() });
    submit('Update Episode');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(await screen.findByText('Failed to update podcast')).toBeTruthy();
  });

  it("falls back to 'Failed to save podcast' on a create when the server gives no reason", async () => {
    const emptyAnswer = (async () => new Response('', { status: 502 })) as typeof fetch;
    renderAdmin(<EpisodeForm series={SERIES} onDone={() => undefined} />, { fetch: emptyAnswer, user: staffUser(), upload: audioUpload });
    fill('Episode title', 'Nytt avsnitt');
    fill('Description', 'Om nyheterna');
    fill('Podcast series', '3');
    fireEvent.change(screen.getByLabelText('Audio file'), { target: { files: [new File(['ljud'], 'nytt.mp3', { type: 'audio/mpeg' })] } });
    await screen.findByText('Upload successful');
    submit('Create Episode');
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(await screen.findByText('Failed to save podcast')).toBeTruthy();
  });
});

describe("the episode form's chapters", () => {
  const CHAPTERS = [
    { startTime: 0, title: 'Inledning' },
    { startTime: 75.5, title: 'Intervjun', url: 'https://www.riksdagen.se/sv/', img: '/uploads/images/kapitel.jpg' },
  ];
  const saved = (body: unknown) => ({ status: 200, body });
  const start = (n: number) => `Chapter ${n} start (m:ss)`;
  /** What a screen reader reads after a field's name: its hint and its message. */
  const descriptionOf = (label: string) => (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '').split(' ')
    .map((id) => document.getElementById(id)?.textContent).join(' ');
  const addChapter = (startText: string, title: string) => {
    fireEvent.click(screen.getByRole('button', { name: 'Add chapter' }));
    const n = screen.getAllByRole('listitem').length;
    fill(start(n), startText);
    fill(`Chapter ${n} title`, title);
  };

  it('shows the stored chapters as m:ss and sends them back unchanged, fractions included', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen', { chapters: CHAPTERS })} series={SERIES} onDone={onDone} />,
      { 'PUT /api/admin/podcasts/9': saved });
    expect(screen.getByRole('group', { name: 'Chapters' })).toBeTruthy();
    expect([inputValue(start(1)), inputValue('Chapter 1 title'), inputValue(start(2)), inputValue('Chapter 2 link (optional)')])
      .toEqual(['0:00', 'Inledning', '1:15.5', 'https://www.riksdagen.se/sv/']);
    expect(screen.getByLabelText('Chapter 2 image (optional): or paste an address')).toHaveProperty('value', '/uploads/images/kapitel.jpg');
    submit('Update Episode');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toMatchObject({ chapters: CHAPTERS });
  });

  it('adds rows that read m:ss and h:mm:ss, and moves the keyboard into each new row', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={onDone} />, { 'PUT /api/admin/podcasts/9': saved });
    expect(screen.getByText('No chapters.')).toBeTruthy();
    addChapter('0:00', 'Inledning');
    expect(document.activeElement).toBe(screen.getByLabelText(start(1)));
    addChapter(' 12:30 ', 'Intervjun');
    fill('Chapter 2 link (optional)', '/article/1');
    addChapter('0:29:59.5', 'Avslutning');
    expect(document.activeElement).toBe(screen.getByLabelText(start(3)));
    submit('Update Episode');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toMatchObject({ chapters: [
      { startTime: 0, title: 'Inledning' }, { startTime: 750, title: 'Intervjun', url: '/article/1' }, { startTime: 1799.5, title: 'Avslutning' },
    ] });
  });

  it("says next to each field what the API's chapter rules refuse, and sends nothing", async () => {
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={() => undefined} />);
    addChapter('5:00', 'Först');
    addChapter('1:7', ' ');
    fill('Chapter 1 image (optional): or paste an address', 'https://bilder.example.se/a.jpg');
    fill('Chapter 2 link (optional)', 'javascript:alert(1)');
    submit('Update Episode');
    expect(await screen.findByText('Write the start as m:ss or h:mm:ss')).toBeTruthy();
    expect(descriptionOf(start(2))).toContain('Write the start as m:ss or h:mm:ss');
    expect(descriptionOf('Chapter 2 title')).toContain('A chapter needs a title');
    expect(descriptionOf('Chapter 2 link (optional)')).toContain('url must be an http(s) or mailto: address or a path on the site');
    expect(screen.getByText("img must be an image in the site's own store (/uploads/…)")).toBeTruthy();
    expect(screen.getByLabelText(start(1)).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(start(2)).getAttribute('aria-invalid')).toBe('true');

    // Every row readable, the order and the episode's end are judged (1830 seconds: 40:00 is past it).
    fill('Chapter 1 image (optional): or paste an address', '');
    fill(start(2), '1:07');
    fill('Chapter 2 title', 'Sedan');
    fill('Chapter 2 link (optional)', '');
    addChapter('40:00', 'Efter slutet');
    submit('Update Episode');
    expect(await screen.findByText('Chapters must start in order, each after the one before')).toBeTruthy();
    expect(descriptionOf(start(2))).toContain('Chapters must start in order, each after the one before');
    expect(descriptionOf(start(3))).toContain('A chapter must start before the episode ends');
    expect(sent()).toEqual([]);

    // A removed row takes its message with it, and the keyboard goes back to "Add chapter".
    fireEvent.click(screen.getByRole('button', { name: 'Remove chapter 3' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add chapter' }));
    expect(screen.queryByText('A chapter must start before the episode ends')).toBeNull();
    expect(screen.queryByLabelText(start(3))).toBeNull();
  });

  it('removes every chapter with an empty list', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen', { chapters: CHAPTERS })} series={SERIES} onDone={onDone} />,
      { 'PUT /api/admin/podcasts/9': saved });
    fireEvent.click(screen.getByRole('button', { name: 'Remove chapter 1' }));
    // The former second row is now the first.
    expect(inputValue('Chapter 1 title')).toBe('Intervjun');
    fireEvent.click(screen.getByRole('button', { name: 'Remove chapter 1' }));
    submit('Update Episode');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toMatchObject({ chapters: [] });
  });

  it("puts the server's refusal on the row and field it names", async () => {
    renderForm(<EpisodeForm episode={episode(9, 'Morgonen', { chapters: CHAPTERS })} series={SERIES} onDone={() => undefined} />, {
      'PUT /api/admin/podcasts/9': refused(400, 'Validation failed', [{ path: 'chapters.1.startTime', message: 'A chapter must start before the episode ends' }]),
    });
    submit('Update Episode');
    expect(await screen.findByText('A chapter must start before the episode ends')).toBeTruthy();
    expect(descriptionOf(start(2))).toContain('A chapter must start before the episode ends');
    expect(descriptionOf(start(1))).not.toContain('A chapter must start before the episode ends');
  });

  it("sets a start to the preview player's time, in whole seconds, and only when there is audio to play", async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<EpisodeForm episode={episode(9, 'Morgonen', { chapters: CHAPTERS })} series={SERIES} onDone={onDone} />,
      { 'PUT /api/admin/podcasts/9': saved });
    const preview = document.querySelector('audio')!;
    Object.defineProperty(preview, 'currentTime', { value: 83.7, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Set to current time: chapter 2' }));
    expect(inputValue(start(2))).toBe('1:23');
    submit('Update Episode');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toMatchObject({ chapters: [CHAPTERS[0], { ...CHAPTERS[1], startTime: 83 }] });

    resetAdminScreens();
    renderForm(<EpisodeForm series={SERIES} onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add chapter' }));
    expect(screen.getByLabelText(start(1))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Set to current time/ })).toBeNull();
  });

  it('speaks Swedish to a Swedish editor', async () => {
    renderForm(<EpisodeForm episode={episode(9, 'Morgonen')} series={SERIES} onDone={() => undefined} />, {}, { locale: 'sv' });
    expect(screen.getByRole('group', { name: 'Kapitel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lägg till kapitel' }));
    fill('Kapitel 1, start (m:ss)', 'en minut');
    submit('Uppdatera avsnitt');
    expect(await screen.findByText('Skriv starten som m:ss eller h:mm:ss')).toBeTruthy();
    expect(screen.getByText('Ett kapitel behöver en titel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sätt till aktuell tid: kapitel 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ta bort kapitel 1' })).toBeTruthy();
  });
});

describe('the series form', () => {
  it('has the sections, the cover hint and the switches of the spec', () => {
    renderForm(<SeriesForm onDone={() => undefined} />);
    for (const name of ['Basic Information', 'Cover Image', 'Settings']) expect(screen.getByRole('group', { name })).toBeTruthy();
    expect(screen.getByText('PNG, JPG up to 5MB')).toBeTruthy();
    expect(switchState('Featured Series')).toBe('false');
    expect(switchState('Active Series')).toBe('true');
    expect(screen.getByText('Active series allow new episodes to be added.')).toBeTruthy();
    expect(inputValue('Category')).toBe('news');
    expect(optionsOf('Category')).toEqual(['News', 'Society', 'Culture', 'Technology', 'Business']);
  });

  it('shows every message of the spec on an empty submit', async () => {
    const { sent } = renderForm(<SeriesForm onDone={() => undefined} />);
    submit('Create Series');
    for (const message of ['Series title is required', 'Description is required', 'Cover image is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent()).toEqual([]);
  });

  it('creates a series and says so', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<SeriesForm onDone={onDone} />, { 'POST /api/admin/podcast-series': created({ id: 8 }) });
    fill('Series title', 'Kulturkvarten');
    fill('Description', 'Veckans kultur');
    fill('Category', 'culture');
    fill('Host name', 'Sara Lind');
    fill('Cover image: or paste an address', 'https://bilder.example.se/kultur.jpg');
    fireEvent.click(screen.getByRole('switch', { name: 'Featured Series' }));
    submit('Create Series');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toEqual({
      method: 'POST', path: '/api/admin/podcast-series',
      body: { title: 'Kulturkvarten', description: 'Veckans kultur', category: 'culture', imageUrl: 'https://bilder.example.se/kultur.jpg',
        hostName: 'Sara Lind', featured: true, active: true },
    });
    expect(await screen.findByText('Podcast series created successfully')).toBeTruthy();
  });

  it('refuses a cover over 5MB before sending it', async () => {
    const upload = vi.fn();
    renderForm(<SeriesForm onDone={() => undefined} />, {}, { upload });
    const big = new File(['x'], 'omslag.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [big] } });
    expect(await screen.findByText('Please select an image smaller than 5MB')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('titles a failed update with the spec words and the server reason beneath', async () => {
    renderForm(<SeriesForm series={series(3, 'Morgonekot')} onDone={() => undefined} />,
      { 'PUT /api/admin/podcast-series/3': refused(409, 'A series with this title exists') });
    expect(inputValue('Series title')).toBe('Morgonekot');
    submit('Update Series');
    expect(await screen.findByText('Failed to update podcast series')).toBeTruthy();
    expect(screen.getByText('A series with this title exists')).toBeTruthy();
  });
});

describe('the advertisement form', () => {
  const today = () => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  };

  it('starts active, from today, with no end date, and offers every placement', () => {
    renderForm(<AdForm onDone={() => undefined} />);
    expect(switchState('Active')).toBe('true');
    expect(inputValue('Start date')).toBe(today());
    expect(inputValue('End date')).toBe('');
    expect(screen.getByLabelText('Placement').querySelectorAll('option')).toHaveLength(AD_PLACEMENTS.length);
  });

  it('shows the messages of the spec and refuses an end before the start', async () => {
    const { sent } = renderForm(<AdForm onDone={() => undefined} />);
    fill('Start date', '2026-05-10');
    fill('End date', '2026-05-01');
    submit('Create Advertisement');
    for (const message of ['Title is required', 'Description is required', 'End date must be after the start date']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent()).toEqual([]);
  });

  it('creates an advertisement and says so', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<AdForm onDone={onDone} />, { 'POST /api/admin/advertisements': created({ id: 5 }) });
    fill('Title', 'Vårkampanj');
    fill('Description', 'Prenumerera i vår');
    fill('Placement', 'hero');
    fill('Partner name', 'Bokhandeln');
    fill('Link URL', 'https://bokhandeln.example.se');
    fill('Start date', '2026-05-01');
    fill('End date', '2026-06-01');
    submit('Create Advertisement');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toEqual({
      title: 'Vårkampanj', description: 'Prenumerera i vår', placement: 'hero', partnerName: 'Bokhandeln',
      linkUrl: 'https://bokhandeln.example.se', active: true, startDate: '2026-05-01', endDate: '2026-06-01',
    });
    expect(await screen.findByText('Advertisement created successfully!')).toBeTruthy();
  });

  it('titles a failed save with the spec words and the server message beneath', async () => {
    renderForm(<AdForm onDone={() => undefined} />, { 'POST /api/admin/advertisements': refused(400, 'Link must be an http(s) URL') });
    fill('Title', 'Vårkampanj');
    fill('Description', 'Prenumerera i vår');
    submit('Create Advertisement');
    expect(await screen.findByText('Failed to create advertisement')).toBeTruthy();
    expect(screen.getByText('Link must be an http(s) URL')).toBeTruthy();
  });

  it('edits an advertisement with its dates as days', async () => {
    renderForm(<AdForm ad={ad(5, 'Vårkampanj', { endDate: '2026-06-01T00:00:00.000Z' })} onDone={() => undefined} />,
      { 'PUT /api/admin/advertisements/5': refused(400, 'Nope') });
    expect(inputValue('Start date')).toBe('2026-03-01');
    expect(inputValue('End date')).toBe('2026-06-01');
    submit('Update Advertisement');
    expect(await screen.findByText('Failed to update advertisement')).toBeTruthy();
  });
});

describe('the journalist form', () => {
  it('shows the messages of the spec, with an e-mail input and status active by default', async () => {
    const { sent } = renderForm(<JournalistForm onDone={() => undefined} />);
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(inputValue('Status')).toBe('active');
    expect(optionsOf('Status')).toEqual(['Active', 'Freelance', 'Intern', 'Inactive']);
    fill('Email', 'inte-en-adress');
    submit('Add Journalist');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Valid email required')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('adds a journalist with the expertise as a list', async () => {
    const onDone = vi.fn();
    const { sent } = renderForm(<JournalistForm onDone={onDone} />, { 'POST /api/admin/journalists': created({ id: 4 }) });
    fill('Name', 'Sara Lind');
    fill('Email', 'Sara.Lind@Redaktion.se');
    fill('Title', 'Kulturreporter');
    fill('Specialty', 'Kultur');
    fill('Expertise', 'Film, teater , ,musik');
    fill('Status', 'freelance');
    submit('Add Journalist');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]!.body).toEqual({
      name: 'Sara Lind', email: 'sara.lind@redaktion.se', title: 'Kulturreporter', specialty: 'Kultur',
      expertise: ['Film', 'teater', 'musik'], status: 'freelance', socialLinks: {},
    });
    expect(await screen.findByText('Journalist added successfully!')).toBeTruthy();
  });

  it('keeps the social links the form does not show when editing', async () => {
    const onDone = vi.fn();
    const links = { twitter: 'https://x.example/sara' };
    const { sent } = renderForm(<JournalistForm journalist={journalist(4, 'Sara Lind', { socialLinks: links, expertise: ['Film', 'Teater'] })} onDone={onDone} />,
      { 'PUT /api/admin/journalists/4': (body: unknown) => ({ status: 200, body }) });
    expect(inputValue('Expertise')).toBe('Film, Teater');
    submit('Update Journalist');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()[0]).toMatchObject({ method: 'PUT', path: '/api/admin/journalists/4', body: { socialLinks: links, expertise: ['Film', 'Teater'] } });
  });

  it("titles a refusal 'Failed to add journalist' with the server message", async () => {
    renderForm(<JournalistForm onDone={() => undefined} />, { 'POST /api/admin/journalists': refused(409, 'This e-mail is already taken') });
    fill('Name', 'Sara Lind');
    fill('Email', 'sara@redaktion.se');
    submit('Add Journalist');
    expect(await screen.findByText('Failed to add journalist')).toBeTruthy();
    expect(screen.getByText('This e-mail is already taken')).toBeTruthy();
  });
});
