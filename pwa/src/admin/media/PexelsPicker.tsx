/**
 * Built by the admin-screens issue (helper 3): 'Select Photo from Pexels' (admin-area.md §2 item 5).
 */
export interface PickedPhoto { url: string; alt: string; credit: string }
export interface PexelsPickerProps {
  open: boolean;
  onClose(): void;
  /** Called once the chosen photo is saved on our server: its local URL, alt text and photographer credit. */
  onSelect(photo: PickedPhoto): void;
}

export function PexelsPicker(_props: PexelsPickerProps) {
  return null;
}
