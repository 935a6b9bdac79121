import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, render, Section, Text } from '@react-email/components';
import type { Locale } from '@redaktion/shared';

/**
 * The newsletter's e-mails, as React Email components: one template gives the HTML and, through
 * `render(…, { plainText: true })`, the text part, in the recipient's language; and the web pages its links open.
 */

export interface DigestArticle { title: string; excerpt: string; url: string; imageUrl: string | null }

const words = {
  sv: {
    confirmSubject: 'Bekräfta din prenumeration på Redaktions nyhetsbrev',
    confirmPreview: 'Ett klick kvar till veckans viktigaste nyheter',
    confirmHeading: 'Bekräfta din e-postadress',
    confirmText: 'Någon (förhoppningsvis du) bad om Redaktions nyhetsbrev till den här adressen. Bekräfta för att börja få det.',
    confirmButton: 'Ja, skicka mig nyhetsbrevet',
    confirmIgnore: 'Om det inte var du kan du bortse från meddelandet: utan bekräftelse skickar vi ingenting mer.',
    digestIntro: 'Veckans viktigaste nyheter från Redaktion.',
    readMore: 'Läs mer',
    footer: 'Du får det här brevet för att du prenumererar på Redaktions nyhetsbrev.',
    unsubscribe: 'Avsluta prenumerationen',
    confirmTitle: 'Bekräfta prenumerationen?',
    confirmPageText: 'Bekräfta att du vill få Redaktions nyhetsbrev till den här adressen.',
    confirmAccount: (name: string) => `Kontot «${name}» kommer att kunna hantera prenumerationen, se den och avsluta den. Bekräfta bara om kontot är ditt.`,
    confirmedTitle: 'Tack, prenumerationen är bekräftad',
    confirmedText: 'Nyhetsbrevet kommer till din inkorg. Varje brev har en länk för att avsluta.',
    unknownTitle: 'Länken fungerar inte',
    unknownText: 'Länken är ogiltig. Anmäl dig gärna igen från webbplatsen.',
    leaveTitle: 'Avsluta nyhetsbrevet?',
    leaveText: 'Vi slutar skicka Redaktions nyhetsbrev till den här adressen.',
    leaveButton: 'Avsluta prenumerationen',
    leftTitle: 'Prenumerationen är avslutad',
    leftText: 'Vi skickar inga fler nyhetsbrev till den här adressen.',
    home: 'Till Redaktion',
  },
  en: {
    confirmSubject: 'Confirm your subscription to the Redaktion newsletter',
    confirmPreview: "One click left to the week's most important stories",
    confirmHeading: 'Confirm your e-mail address',
    confirmText: 'Someone (hopefully you) asked for the Redaktion newsletter at this address. Confirm to start receiving it.',
    confirmButton: 'Yes, send me the newsletter',
    confirmIgnore: 'If this was not you, ignore this message: without a confirmation we send nothing more.',
    digestIntro: "The week's most important stories from Redaktion.",
    readMore: 'Read more',
    footer: 'You receive this e-mail because you subscribe to the Redaktion newsletter.',
    unsubscribe: 'Unsubscribe',
    confirmTitle: 'Confirm your subscription?',
    confirmPageText: 'Confirm that you want the Redaktion newsletter at this address.',
    confirmAccount: (name: string) => `The account “${name}” will be able to manage this subscription, see it and end it. Confirm only if the account is yours.`,
    confirmedTitle: 'Thank you, your subscription is confirmed',
    confirmedText: 'The newsletter will come to your inbox. Every issue has a link to unsubscribe.',
    unknownTitle: 'This link does not work',
    unknownText: 'The link is not valid. You are welcome to sign up again on the website.',
    leaveTitle: 'Unsubscribe from the newsletter?',
    leaveText: 'We will stop sending the Redaktion newsletter to this address.',
    leaveButton: 'Unsubscribe',
    leftTitle: 'You have unsubscribed',
    leftText: 'We will send no more newsletters to this address.',
    home: 'Go to Redaktion',
  },
} as const;

const body = { backgroundColor: '#f4f1ea', fontFamily: 'Georgia, "Times New Roman", serif', color: '#1a1a1a', margin: 0, padding: '24px 0' };
const container = { backgroundColor: '#ffffff', maxWidth: '600px', padding: '32px', borderRadius: '6px' };
const button = { backgroundColor: '#b3261e', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontFamily: 'Arial, sans-serif', fontWeight: 'bold' };
const small = { color: '#5c5c5c', fontSize: '13px', fontFamily: 'Arial, sans-serif' };

/**
 * The line inboxes show after the subject. React Email's `<Preview>` pads it with about a hundred runs of invisible
 * characters, which spam filters read as obfuscation; this is the same hidden block without them.
 */
function PreviewText({ children }: { children: string }) {
  return (
    <div style={{ display: 'none', overflow: 'hidden', lineHeight: '1px', opacity: 0, maxHeight: 0, maxWidth: 0 }} data-skip-in-text>
      {children}
    </div>
  );
}

function Frame({ locale, preview, children }: { locale: Locale; preview: string; children: ReactNode }) {
  return (
    <Html lang={locale}>
      <Head />
      <PreviewText>{preview}</PreviewText>
      <Body style={body}>
        <Container style={container}>
          <Text style={{ fontSize: '28px', fontWeight: 'bold', margin: '0 0 16px' }}>Redaktion</Text>
          {children}
        </Container>
      </Body>
    </Html>
  );
}

export interface RenderedMail { subject: string; html: string; text: string }

/** Headings keep their case in the text part (html-to-text would shout them). */
const textOptions = { selectors: ['h1', 'h2'].map((selector) => ({ selector, options: { uppercase: false } })) };

async function both(subject: string, element: ReactNode): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: textOptions })]);
  return { subject, html, text };
}

export function confirmationMail(locale: Locale, confirmUrl: string): Promise<RenderedMail> {
  const w = words[locale];
  return both(w.confirmSubject, (
    <Frame locale={locale} preview={w.confirmPreview}>
      <Heading as="h1" style={{ fontSize: '22px' }}>{w.confirmHeading}</Heading>
      <Text>{w.confirmText}</Text>
      <Button href={confirmUrl} style={button}>{w.confirmButton}</Button>
      <Text style={small}>{confirmUrl}</Text>
      <Text style={small}>{w.confirmIgnore}</Text>
    </Frame>
  ));
}

export function digestMail(locale: Locale, subject: string, articles: DigestArticle[], unsubscribeUrl: string): Promise<RenderedMail> {
  const w = words[locale];
  return both(subject, (
    <Frame locale={locale} preview={w.digestIntro}>
      <Heading as="h1" style={{ fontSize: '22px' }}>{subject}</Heading>
      <Text>{w.digestIntro}</Text>
      {articles.map((article) => (
        <Section key={article.url} style={{ margin: '24px 0' }}>
          {article.imageUrl ? <Img src={article.imageUrl} alt="" width="536" style={{ width: '100%', height: 'auto', borderRadius: '4px' }} /> : null}
          <Heading as="h2" style={{ fontSize: '19px', margin: '12px 0 4px' }}>
            <Link href={article.url} style={{ color: '#1a1a1a' }}>{article.title}</Link>
          </Heading>
          <Text style={{ margin: '0 0 4px' }}>{article.excerpt}</Text>
          <Link href={article.url} style={{ color: '#b3261e', fontFamily: 'Arial, sans-serif' }}>{w.readMore}</Link>
        </Section>
      ))}
      <Hr />
      <Text style={small}>{w.footer} <Link href={unsubscribeUrl}>{w.unsubscribe}</Link></Text>
    </Frame>
  ));
}

/**
 * The answers to the e-mailed links: the questions whose button confirms or unsubscribes (a link scanner opening the
 * link changes nothing), what was done, or a link that is not valid.
 */
export type LinkPage = 'confirm' | 'confirmed' | 'unknown' | 'leave' | 'left';

/**
 * The pages are web pages, not mail: HTML5 with a viewport, so that phones show them at their own width. A confirmation
 * an account asked for names it (`account`), so that the address's owner knows what the button grants.
 */
export function linkPage(locale: Locale, page: LinkPage, origin: string, formAction?: string, account?: string | null): string {
  const w = words[locale];
  const pages: Record<LinkPage, [title: string, text: string, button?: string]> = {
    confirm: [w.confirmTitle, w.confirmPageText, w.confirmButton],
    confirmed: [w.confirmedTitle, w.confirmedText],
    unknown: [w.unknownTitle, w.unknownText],
    leave: [w.leaveTitle, w.leaveText, w.leaveButton],
    left: [w.leftTitle, w.leftText],
  };
  const [title, text, action] = pages[page];
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Redaktion`}</title>
      </head>
      <body style={{ ...body, padding: '24px 16px' }}>
        <main style={{ ...container, margin: '0 auto' }}>
          <p style={{ fontSize: '28px', fontWeight: 'bold', margin: '0 0 16px' }}>Redaktion</p>
          <h1 style={{ fontSize: '22px' }}>{title}</h1>
          <p>{text}</p>
          {account ? <p><strong>{w.confirmAccount(account)}</strong></p> : null}
          {action && formAction
            ? <form method="post" action={formAction}><button type="submit" style={{ ...button, border: 0, cursor: 'pointer', fontSize: '16px' }}>{action}</button></form>
            : <a href={origin} style={{ color: '#b3261e' }}>{w.home}</a>}
        </main>
      </body>
    </html>,
  )}`;
}
