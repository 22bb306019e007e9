import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, secondaryButtonClass } from '../../components/ui/form-classes.ts';
import {
  Bold,
  Heading2,
  Heading3,
  type IconComponent,
  Italic,
  Link2,
  List,
  ListOrdered,
  Redo2,
  TextQuote,
  Underline,
  Undo2,
  Unlink,
} from '../../components/ui/icons.tsx';
import type { RichTextFieldProps } from './rich-text-props.ts';

type Command = (editor: Editor) => void;

/** The toolbar's marks and blocks: what the server's sanitiser keeps (server/modules/content/rich-text.ts). */
const FORMATS: ReadonlyArray<{ key: string; icon: IconComponent; active: [string, object?]; run: Command }> = [
  { key: 'bold', icon: Bold, active: ['bold'], run: (editor) => editor.chain().focus().toggleBold().run() },
  { key: 'italic', icon: Italic, active: ['italic'], run: (editor) => editor.chain().focus().toggleItalic().run() },
  {
    key: 'underline',
    icon: Underline,
    active: ['underline'],
    run: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'heading',
    icon: Heading2,
    active: ['heading', { level: 2 }],
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'subheading',
    icon: Heading3,
    active: ['heading', { level: 3 }],
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    icon: List,
    active: ['bulletList'],
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    icon: ListOrdered,
    active: ['orderedList'],
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'quote',
    icon: TextQuote,
    active: ['blockquote'],
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
];

interface ToolButtonProps {
  label: string;
  icon: IconComponent;
  onPress: () => void;
  /** A mark or block that can be on or off; undefined for a command (undo). */
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  /** Undo and redo point back and forward: mirrored in right-to-left text. */
  mirrored?: boolean;
  className?: string;
}

/** A toolbar button: an icon named by its label, which is also its tooltip. */
function ToolButton({
  label,
  icon: Icon,
  onPress,
  pressed,
  expanded,
  disabled,
  mirrored,
  className = '',
}: ToolButtonProps) {
  const look = pressed
    ? 'bg-brand-700 text-white dark:bg-brand-300 dark:text-slate-900'
    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onPress}
      className={`inline-flex size-9 items-center justify-center rounded-lg disabled:opacity-40 ${look} ${className}`}
    >
      <Icon className={`size-4 ${mirrored ? 'rtl:-scale-x-100' : ''}`} aria-hidden />
    </button>
  );
}

/** The rich-text editor of RichTextField (Tiptap): its HTML goes with the form in a hidden field. */
export default function RichTextEditor({ id, name, defaultValue, error, lang, dir }: RichTextFieldProps) {
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: defaultValue,
    immediatelyRender: false,
    onUpdate: ({ editor: changed }) => setHtml(changed.isEmpty ? '' : changed.getHTML()),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        'aria-describedby': [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' '),
        'aria-invalid': String(Boolean(error)),
        lang,
        dir,
        class: `${inputClass} rich-text min-h-72 overflow-y-auto`,
        'data-testid': 'rich-text-editor',
      },
    },
  });
  return (
    <div className="mt-1">
      <input type="hidden" name={name} value={html} />
      {editor && <Toolbar editor={editor} fieldId={id} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, fieldId }: { editor: Editor; fieldId: string }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      pressed: FORMATS.map((format) => current.isActive(...format.active)),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  return (
    <div className="mb-2">
      <div
        role="toolbar"
        aria-label={t('console.editor.toolbar')}
        aria-controls={fieldId}
        className="flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-slate-50 p-1 dark:border-slate-700 dark:bg-slate-800/60"
      >
        {FORMATS.map((format, index) => (
          <ToolButton
            key={format.key}
            label={t(`console.editor.${format.key}` as 'console.editor.bold')}
            icon={format.icon}
            pressed={state.pressed[index] ?? false}
            onPress={() => format.run(editor)}
          />
        ))}
        <ToolButton
          label={t('console.editor.link')}
          icon={Link2}
          pressed={state.link}
          expanded={linkOpen}
          onPress={() => setLinkOpen((open) => !open)}
        />
        <ToolButton
          label={t('console.editor.undo')}
          icon={Undo2}
          disabled={!state.canUndo}
          mirrored
          onPress={() => editor.chain().focus().undo().run()}
          className="ms-auto"
        />
        <ToolButton
          label={t('console.editor.redo')}
          icon={Redo2}
          disabled={!state.canRedo}
          mirrored
          onPress={() => editor.chain().focus().redo().run()}
        />
      </div>
      {linkOpen && <LinkRow editor={editor} fieldId={fieldId} onDone={() => setLinkOpen(false)} />}
    </div>
  );
}

/** Sets or removes the link on the selected words: web and mail addresses only, as the server keeps. */
function LinkRow({ editor, fieldId, onDone }: { editor: Editor; fieldId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const inputId = `${fieldId}-link`;
  const apply = () => {
    const href = address.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') chain.unsetLink().run();
    else if (/^(https?:\/\/|mailto:)/i.test(href)) chain.setLink({ href }).run();
    else chain.setLink({ href: `https://${href}` }).run();
    onDone();
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <label htmlFor={inputId} className="text-sm font-semibold">
          {t('console.editor.linkAddress')}
        </label>
        <input
          id={inputId}
          type="url"
          dir="ltr"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') onDone();
          }}
          placeholder="https://"
          className={inputClass}
        />
      </div>
      <button type="button" onClick={apply} className={secondaryButtonClass}>
        {t('console.editor.applyLink')}
      </button>
      <button
        type="button"
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onDone();
        }}
        className={secondaryButtonClass}
      >
        <Unlink className="size-4" aria-hidden />
        {t('console.editor.removeLink')}
      </button>
    </div>
  );
}
