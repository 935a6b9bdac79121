/**
 * The part of media-captions the API uses. The package's own declarations import their siblings without file
 * extensions, which NodeNext resolution cannot follow; these restate the used part from them (dist/types/parse, vtt).
 */
declare module 'media-captions' {
  export interface VTTCue { id: string; startTime: number; endTime: number; text: string }
  export interface ParseError extends Error { readonly code: number; readonly line: number }
  export interface ParsedCaptionsResult { cues: VTTCue[]; errors: ParseError[] }
  export interface ParseCaptionsOptions { strict?: boolean; errors?: boolean; type?: 'vtt' | 'srt' | 'ssa' | 'ass' }
  export function parseText(text: string, options?: ParseCaptionsOptions): Promise<ParsedCaptionsResult>;
  export function parseVTTTimestamp(timestamp: string): number | null;
}
