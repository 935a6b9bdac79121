import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useAdminT } from '../../i18n';
import { usePlatform } from '../../platform';
import { docToMarkdown, markdownToDoc } from './convert';
import { EmbedDialog } from './EmbedDialog';
import { FigureDialog, type FigureFields } from './FigureDialog';
import { LinkDialog, type LinkTarget } from './LinkDialog';
import { Toolbar } from './Toolbar';
import { BlockActionsContext, editorExtensions } from './views';

export interface ArticleBodyEditorProps {
  label: string;
  hint?: string;
  error?: string;
  /** The body's Markdown (contract §9): what the form holds and saves. */
  value: string;
  onChange(markdown: string): void;
  disabled?: boolean;
  /** Where the editor's dialogs open: outside the article's form, which their own forms must not submit. */
  dialogHost: HTMLElement | null;
  /** A panel beside the text, such as the article's history. */
  side?: ReactNode;
  /** A few lines high, for a short text (a live entry) beside other work. */
  compact?: boolean;
  /** Ctrl/Cmd+Enter in the text: the form takes the Markdown as it stands (the live console publishes it). */
  onSubmit?(markdown: string): void;
}

/** The keys that hand the text to the form (aria-keyshortcuts). */
const SUBMIT_KEYS = 'Control+Enter Meta+Enter';

/** How long typing pauses before the text is written as Markdown. */
const WRITE_AFTER_MS = 250;

type OpenDialog =
  | { kind: 'link'; initial: LinkTarget; editing: boolean }
  | { kind: 'figure'; position: number | null; initial: FigureFields | null }
  | { kind: 'embed' };

/**
 * The article body's editor: what the reader will see, edited in place (Tiptap on ProseMirror), with a toolbar, the
 * usual keys and Markdown's shortcuts, or the Markdown itself for those who prefer it. The form holds Markdown: the
 * editor reads it through the site's parser and writes it back when the text changes, so a body nobody touched is
 * saved exactly as it was.
 */
export default function ArticleBodyEditor({
  label, hint, error, value, onChange, disabled = false, dialogHost, side, compact = false, onSubmit,
}: ArticleBodyEditorProps) {
  const t = useAdminT();
  const { siteUrl } = usePlatform();
  const id = useId();
  const ids = { label: `${id}-label`, markdown: `${id}-markdown`, markdownHint: `${id}-markdown-hint`, hint: `${id}-hint`, error: `${id}-error` };
  const describedBy = [hint ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined;
  const [markdownView, setMarkdownView] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // The Markdown the text shows, as last read or written: a `value` that differs comes from outside and is read.
  const shown = useRef(value);
  const latest = useRef({ onChange, openLink: () => undefined as void, submit: (): boolean => false });
  latest.current.onChange = onChange;

  const extensions = useMemo(
    () => editorExtensions(t, { siteUrl, openLink: () => latest.current.openLink(), submit: () => latest.current.submit() }),
    // The editor is made once; its words are those of the language it opened in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [initialContent] = useState(() => markdownToDoc(value));
  const submits = onSubmit !== undefined;
  const attributes = useMemo(() => ({
    class: 'editor-text article-body',
    role: 'textbox',
    'aria-multiline': 'true',
    ...(!markdownView && { 'aria-labelledby': ids.label }),
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(error && { 'aria-invalid': 'true' }),
    ...(submits && { 'aria-keyshortcuts': SUBMIT_KEYS }),
  }), [markdownView, ids.label, describedBy, error, submits]);
  // Writing a long article's Markdown takes tens of milliseconds, too long for every key: the text is written when
  // typing pauses, and at once when the editor loses focus (before any button of the form acts) or its view changes.
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | null>(null);
  const writeNow = (from: Editor) => {
    if (pendingWrite.current === null) return;
    clearTimeout(pendingWrite.current);
    pendingWrite.current = null;
    const markdown = docToMarkdown(from.getJSON());
    shown.current = markdown;
    latest.current.onChange(markdown);
  };
  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) => {
      if (pendingWrite.current !== null) clearTimeout(pendingWrite.current);
      pendingWrite.current = setTimeout(() => writeNow(changed), WRITE_AFTER_MS);
    },
    onBlur: ({ editor: left }) => writeNow(left),
  });
  useEffect(() => () => { if (pendingWrite.current !== null) clearTimeout(pendingWrite.current); }, []);

  useEffect(() => {
    if (markdownView || value === shown.current) return;
    shown.current = value;
    editor.commands.setContent(markdownToDoc(value), { emitUpdate: false });
  }, [editor, value, markdownView]);
  // Quietly: a form that is saving locks the text without the text changing.
  useEffect(() => { if (editor.isEditable === disabled) editor.setEditable(!disabled, false); }, [editor, disabled]);

  latest.current.openLink = () => setDialog(linkDialogAt(editor));
  latest.current.submit = () => {
    if (!onSubmit) return false;
    writeNow(editor);
    onSubmit(shown.current);
    return true;
  };
  const close = () => setDialog(null);
  const blockActions = useMemo(() => ({
    editFigure: (position: number) => {
      const node = editor.state.doc.nodeAt(position);
      if (node?.type.name === 'figure') setDialog({ kind: 'figure', position, initial: node.attrs as FigureFields });
    },
  }), [editor]);

  return (
    <div className={`field article-editor${compact ? ' article-editor-compact' : ''}`}>
      <label id={ids.label} htmlFor={markdownView ? ids.markdown : undefined}
        onClick={() => { if (!markdownView) editor.commands.focus(); }}>{label}</label>
      <div className="article-editor-layout">
        <div className="article-editor-main">
          <Toolbar editor={editor} markdown={markdownView} disabled={disabled} actions={{
            link: latest.current.openLink,
            figure: () => setDialog({ kind: 'figure', position: null, initial: null }),
            embed: () => setDialog({ kind: 'embed' }),
            toggleMarkdown: () => {
              writeNow(editor);
              setMarkdownView((on) => !on);
            },
          }} />
          <BlockActionsContext.Provider value={blockActions}>
            <EditorContent editor={editor} hidden={markdownView} />
          </BlockActionsContext.Provider>
          {markdownView && (
            <textarea id={ids.markdown} className="editor-markdown" rows={compact ? 8 : 18} value={value} disabled={disabled} spellCheck
              aria-describedby={[ids.markdownHint, describedBy].filter(Boolean).join(' ')} aria-invalid={error ? true : undefined}
              aria-keyshortcuts={submits ? SUBMIT_KEYS : undefined}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={(event) => {
                if (!onSubmit || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
                event.preventDefault();
                onSubmit(event.currentTarget.value);
              }} />
          )}
          {markdownView && <p className="field-hint" id={ids.markdownHint}>{t('editor.markdownHint')}</p>}
        </div>
        {side && <aside className="article-editor-side">{side}</aside>}
      </div>
      {hint && <p className="field-hint" id={ids.hint}>{hint}</p>}
      {error && <p className="field-error" id={ids.error}>{t.message(error)}</p>}
      {dialogHost && dialog && createPortal(
        // React passes a submit up its own tree, through the portal: a dialog's form must not submit the article's.
        <div onSubmit={(event) => event.stopPropagation()}><EditorDialog dialog={dialog} editor={editor} onClose={close} /></div>,
        dialogHost,
      )}
    </div>
  );
}

/** The link dialog for the selection: the link under it to change, else one to put on it (or new words to link). */
function linkDialogAt(editor: Editor): OpenDialog {
  const editing = editor.isActive('link');
  const href = editing ? String(editor.getAttributes('link').href ?? '') : '';
  return { kind: 'link', editing, initial: { href, text: editor.state.selection.empty && !editing ? '' : null } };
}

function EditorDialog({ dialog, editor, onClose }: { dialog: OpenDialog; editor: Editor; onClose(): void }) {
  const done = (change: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    change(editor.chain().focus()).run();
    onClose();
  };
  switch (dialog.kind) {
    case 'link': return (
      <LinkDialog initial={dialog.initial} editing={dialog.editing} onClose={onClose}
        onRemove={() => done((chain) => chain.extendMarkRange('link').unsetLink())}
        onApply={({ href, text }) => done((chain) => (text === null
          ? chain.extendMarkRange('link').setLink({ href })
          : chain.insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }).unsetMark('link')))} />
    );
    case 'figure': return (
      <FigureDialog initial={dialog.initial} onClose={onClose} onSave={(fields, caption) => done((chain) => (dialog.position === null
        ? chain.insertContent({ type: 'figure', attrs: fields, content: [{ type: 'figureCaption', ...(caption && { content: [{ type: 'text', text: caption }] }) }] })
        : chain.command(({ tr }) => {
          tr.setNodeMarkup(dialog.position!, undefined, fields);
          return true;
        })))} />
    );
    case 'embed': return <EmbedDialog onClose={onClose} onEmbed={(url) => done((chain) => chain.insertContent({ type: 'embed', attrs: { url } }))} />;
  }
}
