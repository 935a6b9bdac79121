/**
 * Built by the admin-screens issue (helper 2): the single-file upload control of admin-area.md §2 item 1.
 * Signature fixed so that other screens can use it now.
 */
export interface SingleFileUploadProps {
  label: string;
  /** What the file must be: decides the accept list, the size limit (image 20 MB, audio 50 MB, file 20 MB) and the messages. */
  kind: 'image' | 'audio' | 'file';
  /** The current URL (what the form holds); '' when none. */
  value: string;
  onChange(url: string): void;
  error?: string;
  hint?: string;
  /** Overrides the size limit in MB (episode audio 100, episode cover 10, series cover 5). */
  maxMB?: number;
  disabled?: boolean;
}

export function SingleFileUpload(_props: SingleFileUploadProps) {
  return null;
}
