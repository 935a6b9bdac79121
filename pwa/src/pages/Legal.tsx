import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n';
import { legal, type LegalPage } from '../i18n/legal';

export default function Legal() {
  const { locale } = useI18n();
  const page = useLocation().pathname.slice(1) as LegalPage;
  const text = legal[locale][page];
  return (
    <article className="container prose">
      <h1>{text.title}</h1>
      <p className="meta">{text.updated}</p>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => <p key={paragraph.slice(0, 40)}>{paragraph}</p>)}
        </section>
      ))}
    </article>
  );
}
