import { describe, expect, it } from 'vitest';
import { adminTranslator } from '../i18n';
import { acceptFor, checkFile, type FileKind } from './file-checks';

const MB = 1024 * 1024;
const en = adminTranslator('en');
const sv = adminTranslator('sv');

/** What the editor reads: the toast's title and description. */
function refusal(file: { name: string; type: string; size: number }, kind: FileKind, options?: { maxMB?: number; multi?: boolean }, t = en) {
  const problem = checkFile(file, kind, options);
  return problem && [t(problem.title), t(problem.description, problem.values)];
}

describe('the upload checks (admin-area.md §5, §8, §9)', () => {
  it('takes JPG, PNG and WebP images and MP3, WAV, OGG and M4A audio', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(checkFile({ name: 'a', type, size: MB }, 'image')).toBeNull();
    for (const type of ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/x-m4a']) expect(checkFile({ name: 'a', type, size: MB }, 'audio')).toBeNull();
  });

  it('refuses another type with the spec words for each kind', () => {
    expect(refusal({ name: 'a.gif', type: 'image/gif', size: 10 }, 'image')).toEqual(['Invalid file type', 'Please select a valid image file']);
    expect(refusal({ name: 'a.png', type: 'image/png', size: 10 }, 'audio')).toEqual(['Invalid file type', 'Please select a valid audio file']);
    expect(refusal({ name: 'a.pdf', type: 'application/pdf', size: 10 }, 'file')).toEqual(['Invalid file type', 'Please select a valid file']);
    // Bare AAC is not a format the server takes (AAC only inside M4A): refused here rather than after the upload.
    expect(refusal({ name: 'Intervju.aac', type: 'audio/aac', size: MB }, 'audio')).toEqual(['Invalid file type', 'Please select a valid audio file']);
  });

  it('decides by the extension when the system gives no type', () => {
    expect(checkFile({ name: 'Intervju.M4A', type: '', size: MB }, 'audio')).toBeNull();
    expect(refusal({ name: 'script.exe', type: '', size: MB }, 'file')?.[0]).toBe('Invalid file type');
  });

  it('limits images and other files to 20MB and audio to 50MB unless the screen says otherwise', () => {
    expect(checkFile({ name: 'a.jpg', type: 'image/jpeg', size: 20 * MB }, 'image')).toBeNull();
    expect(refusal({ name: 'a.jpg', type: 'image/jpeg', size: 20 * MB + 1 }, 'image')).toEqual(['File too large', 'Please select an image smaller than 20MB']);
    expect(checkFile({ name: 'a.mp3', type: 'audio/mpeg', size: 50 * MB }, 'audio')).toBeNull();
    expect(refusal({ name: 'a.mp3', type: 'audio/mpeg', size: 51 * MB }, 'audio')).toEqual(['File too large', 'Please select an audio file smaller than 50MB']);
    expect(refusal({ name: 'a.png', type: 'image/png', size: 21 * MB }, 'file')).toEqual(['File too large', 'Please select a file smaller than 20MB']);
    expect(checkFile({ name: 'a.mp3', type: 'audio/mpeg', size: 99 * MB }, 'audio', { maxMB: 100 })).toBeNull();
    expect(refusal({ name: 'a.png', type: 'image/png', size: 6 * MB }, 'image', { maxMB: 5 })?.[1]).toBe('Please select an image smaller than 5MB');
  });

  it('states the limit for the multi-file control, 50MB by default', () => {
    expect(refusal({ name: 'a.mp3', type: 'audio/mpeg', size: 51 * MB }, 'audio', { multi: true, maxMB: 50 }))
      .toEqual(['File too large', 'Maximum file size is 50MB']);
    expect(refusal({ name: 'a.png', type: 'image/png', size: 11 * MB }, 'image', { multi: true, maxMB: 10 })?.[1]).toBe('Maximum file size is 10MB');
  });

  it('speaks Swedish when the admin is in Swedish', () => {
    expect(refusal({ name: 'a.jpg', type: 'image/jpeg', size: 21 * MB }, 'image', {}, sv)).toEqual(['Filen är för stor', 'Välj en bild som är mindre än 20 MB']);
  });

  it('gives the file picker the types and extensions of the kind', () => {
    expect(acceptFor('image').split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', '.jpg']));
    expect(acceptFor('audio')).not.toContain('image/');
  });
});
