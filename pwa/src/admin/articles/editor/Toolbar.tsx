import { useRef, useState, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { useAdminT, type AdminKey } from '../../i18n';

interface Tool {
  key: AdminKey;
  run(): void;
  /** For a mark or a block: whether the selection has it (aria-pressed). Insertions have none. */
  pressed?: boolean;
  /** aria-keyshortcuts. */
  keys?: string;
  /** The first of a group of related tools, set a little apart. */
  group?: boolean;
}

export interface ToolbarActions { link(): void; figure(): void; embed(): void; toggleMarkdown(): void }

/**
 * The editor's toolbar (WAI-ARIA toolbar): one Tab stop, the arrow keys, Home and End move between its buttons.
 * Marks and blocks say whether the selection has them; the table's own tools appear while the cursor is in one.
 * In the Markdown view only the view's own switch is there.
 */
export function Toolbar({ editor, markdown, disabled, actions }: { editor: Editor; markdown: boolean; disabled: boolean; actions: ToolbarActions }) {
  const t = useAdminT();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      table: current.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: Tool[] = markdown ? [] : [
    { key: 'editor.bold', pressed: state.bold, keys: 'Control+B Meta+B', run: () => chain().toggleBold().run() },
    { key: 'editor.italic', pressed: state.italic, keys: 'Control+I Meta+I', run: () => chain().toggleItalic().run() },
    { key: 'editor.link', pressed: state.link, keys: 'Control+K Meta+K', run: actions.link },
    { key: 'editor.heading2', group: true, pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'editor.heading3', pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'editor.bulletList', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { key: 'editor.orderedList', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'editor.quote', pressed: state.quote, run: () => chain().toggleBlockquote().run() },
    { key: 'editor.figure', group: true, run: actions.figure },
    { key: 'editor.factbox', run: () => insertFactbox(editor) },
    { key: 'editor.table', run: () => chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run() },
    { key: 'editor.embed', run: actions.embed },
    ...(state.table ? [
      { key: 'editor.addRow', group: true, run: () => chain().addRowAfter().run() },
      { key: 'editor.addColumn', run: () => chain().addColumnAfter().run() },
      { key: 'editor.deleteRow', run: () => chain().deleteRow().run() },
      { key: 'editor.deleteColumn', run: () => chain().deleteColumn().run() },
      { key: 'editor.deleteTable', run: () => chain().deleteTable().run() },
    ] satisfies Tool[] : []),
  ];
  tools.push({ key: 'editor.markdown', group: true, pressed: markdown, run: actions.toggleMarkdown });

  const [current, setCurrent] = useState<AdminKey>(tools[0]!.key);
  const focusable = tools.some((tool) => tool.key === current) ? current : tools[0]!.key;
  const bar = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...bar.current!.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.key === 'ArrowRight' ? (index + 1) % buttons.length
      : event.key === 'ArrowLeft' ? (index - 1 + buttons.length) % buttons.length
      : event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : -1;
    if (next < 0 || index < 0) return;
    event.preventDefault();
    buttons[next]!.focus();
  };

  return (
    <div ref={bar} role="toolbar" aria-label={t('editor.toolbar')} className="editor-toolbar" onKeyDown={onKeyDown}>
      {tools.map((tool) => (
        <button key={tool.key} type="button" data-tool={tool.key.slice('editor.'.length)}
          className={`editor-tool${tool.group ? ' editor-tool-group' : ''}`} tabIndex={tool.key === focusable ? 0 : -1}
          aria-pressed={tool.pressed} aria-keyshortcuts={tool.keys} disabled={disabled}
          onFocus={() => setCurrent(tool.key)}
          // A click keeps the text's selection: the command acts on what the editor had selected.
          onMouseDown={(event) => event.preventDefault()}
          onClick={tool.run}>
          {t(tool.key)}
        </button>
      ))}
    </div>
  );
}

/** A fact box where the cursor is (in place of an empty line), with the cursor in its title. */
function insertFactbox(editor: Editor) {
  editor.chain().focus().insertContent({ type: 'factbox', content: [{ type: 'factboxTitle' }, { type: 'paragraph' }] }).run();
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    if ($from.node(depth).type.name === 'factbox') {
      editor.commands.setTextSelection($from.start(depth) + 1);
      return;
    }
  }
}
