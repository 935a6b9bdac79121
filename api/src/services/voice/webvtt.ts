import { parseText, parseVTTTimestamp } from 'media-captions';
import { ERROR_CODES, TRANSCRIPT_MAX_CUES, type TranscriptCue } from '@redaktion/shared';
import { HttpError } from '../../errors.js';

export type TranscriptFormat = 'vtt' | 'srt';

/** How many problems of a malformed file are named at once: enough to fix them in one go, not a page of them. */
const ISSUES_NAMED = 20;
/** Blocks of a WebVTT file that hold no cue (the header's own lines are the first block). */
const NON_CUE_BLOCK = /^(NOTE|STYLE|REGION)([ \t]|$)/;

interface Issue { line: number; message: string }

/**
 * What the parser lets pass silently and an editor must hear of: a WebVTT file without its header, a block with no
 * timing line (a `->` typo, a missing arrow), a time that is no time, a cue that ends before it starts. Each issue
 * names its line.
 */
function timingIssues(text: string, format: TranscriptFormat): Issue[] {
  const lines = text.split(/\r\n|\r|\n/);
  // media-captions reads a file that starts with a cue as WebVTT all the same.
  const issues: Issue[] = format === 'vtt' && !/^WEBVTT([ \t]|$)/.test(lines[0]!) ? [{ line: 1, message: 'Line 1: missing WEBVTT file header' }] : [];
  let blockStart = -1;
  const endBlock = (end: number) => {
    if (blockStart < 0) return;
    const block = lines.slice(blockStart, end);
    const isHeader = format === 'vtt' && blockStart === 0;
    if (!isHeader && !NON_CUE_BLOCK.test(block[0]!) && !block.some((line) => line.includes('-->'))) {
      const example = format === 'srt' ? '00:00:01,000 --> 00:00:04,000' : '00:00:01.000 --> 00:00:04.000';
      issues.push({ line: blockStart + 1, message: `Line ${blockStart + 1}: this cue has no timing line (such as ${example})` });
    }
    blockStart = -1;
  };
  lines.forEach((line, index) => {
    if (!line.trim()) { endBlock(index); return; }
    if (blockStart < 0) blockStart = index;
    if (!line.includes('-->')) return;
    const [startText = '', rest = ''] = line.split('-->');
    const endText = rest.trim().split(/[ \t]/)[0] ?? '';
    const time = (value: string) => parseVTTTimestamp(format === 'srt' ? value.trim().replace(',', '.') : value.trim());
    const [start, end] = [time(startText), time(endText)];
    if (start === null) issues.push({ line: index + 1, message: `Line ${index + 1}: the start time "${startText.trim()}" is not a time` });
    else if (end === null) issues.push({ line: index + 1, message: `Line ${index + 1}: the end time "${endText}" is not a time` });
    else if (end <= start) issues.push({ line: index + 1, message: `Line ${index + 1}: the cue ends before it starts` });
  });
  endBlock(lines.length);
  return issues;
}

const malformed = (issues: Issue[]) => new HttpError(400, issues[0]!.message, ERROR_CODES.validation,
  issues.slice(0, ISSUES_NAMED).map(({ line, message }) => ({ path: `line ${line}`, message })));

/**
 * The cues of an uploaded .vtt or .srt file, sorted by start, read with media-captions (which both formats go
 * through, so an .srt is converted as a player would read it). A malformed file is refused with each problem's line
 * named. A cue's text is kept as written, markup and all: it is shown as text.
 */
export async function readTranscriptFile(text: string, format: TranscriptFormat): Promise<TranscriptCue[]> {
  const source = text.replace(/^\uFEFF/, '');
  const parsed = await parseText(source, { type: format, errors: true });
  const ours = timingIssues(source, format);
  const theirs = parsed.errors.filter((error) => !ours.some((issue) => issue.line === error.line))
    .map((error) => ({ line: error.line, message: error.line ? `Line ${error.line}: ${error.message.replace(/ on line \d+$/, '')}` : error.message }));
  const issues = [...ours, ...theirs].sort((a, b) => a.line - b.line);
  if (issues.length) throw malformed(issues);
  const cues = parsed.cues
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text.trim() }))
    .filter((cue) => cue.text)
    .sort((a, b) => a.start - b.start);
  if (!cues.length) throw new HttpError(400, 'The file has no cues with words in them', ERROR_CODES.validation);
  if (cues.length > TRANSCRIPT_MAX_CUES) throw new HttpError(400, `A transcript holds at most ${TRANSCRIPT_MAX_CUES} cues`, ERROR_CODES.validation);
  return cues;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `hh:mm:ss.ttt`, the timestamp form every WebVTT reader takes. */
function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * The WebVTT file of a transcript. A cue's text cannot end its cue early: a blank line in it is closed up and an arrow
 * written as a single character, so every cue reaches the reader whole.
 */
export function writeWebVtt(cues: readonly TranscriptCue[]): string {
  const blocks = cues.map((cue) => {
    const text = cue.text.split(/\r\n|\r|\n/).filter((line) => line.trim()).join('\n').replaceAll('-->', '→');
    return `${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${text}`;
  });
  return ['WEBVTT', ...blocks].join('\n\n').concat('\n');
}
