import { z } from 'zod';

/** The preload's report of one drop: the dropped files' and folders' paths (bounded as `uploads:add` is). */
const droppedSchema = z.array(z.string().min(1).max(4096)).max(1000);

/**
 * The files and folders the user dropped on the app: the only paths `uploads:add` may queue, so that a page gone wrong
 * (a script injected into it, say) cannot upload whatever it can name on disk. The main process hears of each real drop
 * from the preload, never from the page; what the native dialog picks is queued by the main process and never passes
 * through the page at all.
 */
export class ChosenPaths {
  private chosen = new Set<string>();

  /** Records a drop as the preload reports it; it replaces the one before, whose files were queued or not wanted. */
  dropped(report: unknown): void {
    const parsed = droppedSchema.safeParse(report);
    this.chosen = new Set(parsed.success ? parsed.data : []);
  }

  /** `asked` when each of them was dropped, then used up; otherwise an error naming the first that was not. */
  take(asked: string[]): string[] {
    const stray = asked.find((entry) => !this.chosen.has(entry));
    if (stray !== undefined) throw new Error(`Refused: ${stray} was not dropped on the app`);
    for (const entry of asked) this.chosen.delete(entry);
    return asked;
  }
}
