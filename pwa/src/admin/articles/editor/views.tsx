import { createContext, useContext, type ComponentType } from 'react';
import { Extension, type Extensions } from '@tiptap/core';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { NodeViewContent, NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { Placeholder } from '@tiptap/extensions';
import { siteEmbed, youtubeId } from '@redaktion/shared/content';
import { useAdminT, type AdminT } from '../../i18n';
import { useMediaSrc } from '../../media/SingleFileUpload';
import { bodyExtensions, Embed, embedAddress, Factbox, Figure } from './schema';
import { wordListsToLists } from './word-paste';

/** What the blocks inside the text ask of the editor around them: a figure opens its dialog to be changed. */
export interface BlockActions { editFigure(position: number): void }
export const BlockActionsContext = createContext<BlockActions>({ editFigure: () => undefined });

function FigureView({ node, getPos, deleteNode }: ReactNodeViewProps) {
  const t = useAdminT();
  const mediaSrc = useMediaSrc();
  const { editFigure } = useContext(BlockActionsContext);
  const { src, alt, credit } = node.attrs as { src: string; alt: string; credit: string };
  return (
    <NodeViewWrapper as="figure" className="article-figure editor-figure">
      <div contentEditable={false} className="editor-figure-picture" data-drag-handle="">
        <img src={mediaSrc(src)} alt={alt} />
        <div className="editor-block-actions">
          <button type="button" className="button button-small" onClick={() => {
            const position = getPos();
            if (position !== undefined) editFigure(position);
          }}>{t('editor.figureEdit')}</button>
          <button type="button" className="button button-small button-ghost" onClick={deleteNode}>{t('editor.figureRemove')}</button>
        </div>
      </div>
      <NodeViewContent className="editor-figure-caption" />
      {credit && <p contentEditable={false} className="credit">{credit}</p>}
    </NodeViewWrapper>
  );
}

function FactboxView({ deleteNode }: ReactNodeViewProps) {
  const t = useAdminT();
  return (
    <NodeViewWrapper as="aside" className="factbox editor-factbox">
      <div contentEditable={false} className="editor-block-actions">
        <span className="editor-block-kind">{t('editor.factbox')}</span>
        <button type="button" className="button button-small button-ghost" onClick={deleteNode}>{t('editor.factboxRemove')}</button>
      </div>
      <NodeViewContent />
    </NodeViewWrapper>
  );
}

function EmbedView({ node, deleteNode }: ReactNodeViewProps) {
  const t = useAdminT();
  const url = String(node.attrs.url);
  const videoId = youtubeId(url);
  const site = siteEmbed(url);
  const label = videoId ? t('editor.embed.youtube', { ref: videoId }) : site ? t(`editor.embed.${site.kind}`, { ref: site.ref }) : url;
  return (
    <NodeViewWrapper className="editor-embed" data-drag-handle="">
      <div contentEditable={false} className="editor-block-actions">
        <span className="editor-embed-label">{label}</span>
        <span className="editor-embed-address">{url}</span>
        <button type="button" className="button button-small button-ghost" onClick={deleteNode}>{t('editor.embedRemove')}</button>
      </div>
    </NodeViewWrapper>
  );
}

interface EditorKeysOptions {
  siteUrl: string;
  openLink(): void;
  /** Ctrl/Cmd+Enter: true when the form around the editor took the text (the live console publishes it). */
  submit(): boolean;
}

/**
 * Ctrl+Enter and Cmd+Enter (both, on every system, as the form around the editor takes both) go to the form when it
 * takes the text, before the line break Mod-Enter otherwise makes.
 */
const SubmitKey = Extension.create<Pick<EditorKeysOptions, 'submit'>>({
  name: 'articleEditorSubmit',
  priority: 1000,
  addKeyboardShortcuts() {
    return { 'Ctrl-Enter': () => this.options.submit(), 'Meta-Enter': () => this.options.submit() };
  },
});

/** Mod-k for a link, Enter out of a caption, Word's lists pasted as lists, and an address pasted on an empty line becoming an embed. */
const EditorKeys = Extension.create<EditorKeysOptions>({
  name: 'articleEditorKeys',
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.options.openLink();
        return true;
      },
      // A caption is one line: Enter goes on below the figure.
      Enter: ({ editor }) => {
        const { $from } = editor.state.selection;
        if ($from.parent.type.name !== 'figureCaption') return false;
        const after = $from.after($from.depth - 1);
        return editor.chain().insertContentAt(after, { type: 'paragraph' }).setTextSelection(after + 1).run();
      },
    };
  },
  addProseMirrorPlugins() {
    const { siteUrl } = this.options;
    return [new Plugin({
      key: new PluginKey('articlePaste'),
      props: {
        transformPastedHTML: wordListsToLists,
        handlePaste: (view, event) => {
          const url = embedAddress(event.clipboardData?.getData('text/plain') ?? '', siteUrl);
          const { $from, empty } = view.state.selection;
          const embed = view.state.schema.nodes.embed!;
          const onEmptyLine = empty && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0;
          if (!url || !onEmptyLine || !$from.node(-1).canReplaceWith($from.index(-1), $from.indexAfter(-1), embed)) return false;
          // The embed takes the empty line, and the writing goes on in a new line below it.
          const start = $from.before();
          const tr = view.state.tr.replaceWith(start, $from.after(), [embed.create({ url }), view.state.schema.nodes.paragraph!.create()]);
          view.dispatch(tr.setSelection(TextSelection.create(tr.doc, start + 2)).scrollIntoView());
          return true;
        },
      },
    })];
  },
});

/** The schema's extensions with their views, placeholders and keys: what the editor on the page runs. */
export function editorExtensions(t: AdminT, options: EditorKeysOptions): Extensions {
  const views = new Map<unknown, ComponentType<ReactNodeViewProps>>([[Figure, FigureView], [Factbox, FactboxView], [Embed, EmbedView]]);
  return [
    ...bodyExtensions.map((extension) => {
      const view = views.get(extension);
      return view ? extension.extend({ addNodeView: () => ReactNodeViewRenderer(view) }) : extension;
    }),
    Placeholder.configure({
      includeChildren: true,
      showOnlyCurrent: false,
      placeholder: ({ node }) => (node.type.name === 'figureCaption' ? t('editor.captionPlaceholder')
        : node.type.name === 'factboxTitle' ? t('editor.factboxTitlePlaceholder') : ''),
    }),
    EditorKeys.configure(options),
    SubmitKey.configure({ submit: options.submit }),
  ];
}
