import type { Locale } from './index';

/**
 * The accessibility statement (contract §9 [revenue]), in the parts DIGG's model statement asks for: how accessible
 * the service is, what is not, how to report a problem, the supervisory authority, how it was tested and when (its
 * structure; the supervisor of a private seller under lag 2023:254 is PTS, see SUPERVISOR_URL).
 * What it says it tested is what the repository's end-to-end tests do: change one, change the other.
 */
export interface StatementText {
  title: string;
  intro: string;
  compliance: { heading: string; text: string };
  shortcomings: { heading: string; intro: string; items: string[] };
  report: { heading: string; before: string; after: string; noContact: string };
  supervision: { heading: string; text: string; link: string };
  testing: { heading: string; intro: string; items: string[]; limits: string };
  date: { heading: string; text: string };
}

/**
 * The supervisory authority for e-commerce services under lag (2023:254) om vissa produkters och tjänsters
 * tillgänglighet, the Swedish European Accessibility Act: the Swedish Post and Telecom Authority (PTS). DIGG supervises
 * the public sector's websites (lag 2018:1937), which a private publisher's service is not.
 */
export const SUPERVISOR_URL = 'https://www.pts.se/';

export const statement: Record<Locale, StatementText> = {
  sv: {
    title: 'Tillgänglighetsredogörelse',
    intro: 'Redaktion står bakom den här webbplatsen och vill att så många som möjligt ska kunna läsa, lyssna, skapa konto och prenumerera här. Den här redogörelsen beskriver hur webbplatsen uppfyller kraven i lagen (2023:254) om vissa produkters och tjänsters tillgänglighet, vilka brister vi känner till och hur du kan rapportera problem till oss.',
    compliance: {
      heading: 'Hur tillgänglig är webbplatsen?',
      text: 'Webbplatsen är delvis förenlig med standarden EN 301 549, som för webben motsvarar WCAG 2.1 på nivå AA. Flödena för att prenumerera, betala, logga in, skapa konto, återställa lösenordet och sköta sitt konto ska gå att använda med enbart tangentbord, med synligt fokus och med felmeddelanden som läses upp och är kopplade till sina fält. De brister vi känner till står nedan.',
    },
    shortcomings: {
      heading: 'Kända brister',
      intro: 'Följande delar är inte tillgängliga fullt ut, eller har inte testats av oss:',
      items: [
        'Betalningsfälten (kort och Klarna) är Stripes egna fält i en inbäddad ram. Vi styr inte över dem och våra tester når inte in i dem: testerna av betalningen slutar när betalsteget visas och fortsätter på sidan man kommer tillbaka till efter betalningen.',
        'Inbäddade videor spelas i YouTubes egen spelare, som vi inte har testat. Om en video har undertexter beror på den som har laddat upp den.',
        'Poddavsnitten har ingen utskrift av vad som sägs.',
        'Våra automatiska kontroller körs i ljust läge. Mörkt läge kontrolleras inte automatiskt.',
        'Vi testar i webbläsaren Chromium. Vi har inte testat med andra webbläsare eller med skärmläsare.',
      ],
    },
    report: {
      heading: 'Rapportera brister i webbplatsens tillgänglighet',
      before: 'Om du stöter på något som hindrar dig från att använda webbplatsen, eller om du behöver innehåll i en annan form, mejla oss på ',
      after: '. Beskriv gärna vilken sida det gäller och vad som hände, så åtgärdar vi det så snart vi kan.',
      noContact: 'Om du stöter på något som hindrar dig från att använda webbplatsen, kontakta redaktionen så åtgärdar vi det så snart vi kan.',
    },
    supervision: {
      heading: 'Tillsyn',
      text: 'Post- och telestyrelsen (PTS) har tillsyn över att e-handelstjänster, som vår försäljning av prenumerationer och pass, uppfyller lagen (2023:254) om vissa produkters och tjänsters tillgänglighet. Om du inte är nöjd med hur vi hanterar dina synpunkter kan du kontakta PTS och påtala det.',
      link: 'Kontakta Post- och telestyrelsen (PTS)',
    },
    testing: {
      heading: 'Hur vi testat webbplatsen',
      intro: 'Webbplatsen testas automatiskt vid varje ändring, i webbläsaren Chromium mot hela tjänsten:',
      items: [
        'Varje läsarsida – startsidan, nyheter, åsikter, artiklar, video, poddar, personer, sök, prenumerera, logga in, glömt och återställ lösenord, de juridiska sidorna, läslistan, nedladdade poddar och den här sidan – kontrolleras med verktyget axe mot WCAG 2.0 nivå A och AA i en mobil (390 pixlar bred) och en dator (1 366 pixlar bred). Där underkänns allvarliga och kritiska fynd.',
        'Att skapa konto, att återställa lösenordet och kontots formulär för profil, lösenord och radering körs med enbart tangentbord, utan ett enda klick. Efter varje steg kontrolleras hela sidan med axe mot WCAG 2.0 och 2.1 nivå A och AA, och testerna kontrollerar att ett fel läses upp, markerar sitt fält och flyttar fokus dit, att varje kontroll som nås med Tab visar en fokusmarkering och att tangentbordet tar sig från startsidans början förbi alla kontroller till länken hit i sidfoten.',
        'En misslyckad inloggning skickas med Enter-tangenten: testet kontrollerar att fokus flyttas till felet och att fälten markeras, och kör axe på inloggningsrutan.',
        'I prenumerationsflödet flyttas fokus med tangentbordet till betalsteget och tillbaka till den valda planen.',
        'Sidorna för att prenumerera, logga in, skapa konto, glömt lösenord, kontots översikt, profil och inställningar samt den här sidan visas som på en skärm 1 280 pixlar bred förstorad till 400 % (320 pixlar) och till 200 % (640 pixlar), och testet kontrollerar att ingen av dem behöver rullas i sidled.',
        'Redaktionens administrationsvy kontrolleras med axe mot WCAG 2.1 nivå A och AA i varje flik och i de viktigaste dialogerna, som också ska hålla kvar fokus och lämna tillbaka det när de stängs.',
      ],
      limits: 'Förstoring av enbart texten (utan sidförstoring) testas inte, och övriga sidor, som artiklar och poddar, kontrolleras inte i de smala bredderna. Vi har inte låtit någon utomstående granska webbplatsen.',
    },
    date: {
      heading: 'Om redogörelsen',
      text: 'Redogörelsen upprättades den 27 november 2026 och bygger på de automatiska tester som beskrivs ovan.',
    },
  },
  en: {
    title: 'Accessibility statement',
    intro: 'Redaktion runs this website and wants as many people as possible to be able to read, listen, register and subscribe here. This statement describes how the website meets the Swedish Act on the accessibility of certain products and services (2023:254), the shortcomings we know of, and how to report a problem to us.',
    compliance: {
      heading: 'How accessible is the website?',
      text: 'The website is partially compliant with the standard EN 301 549, which for the web means WCAG 2.1 level AA. The flows for subscribing, paying, signing in, registering, resetting a password and managing an account are meant to work with a keyboard alone, with visible focus and with error messages that are announced and tied to their fields. The shortcomings we know of are listed below.',
    },
    shortcomings: {
      heading: 'Known shortcomings',
      intro: 'These parts are not fully accessible, or have not been tested by us:',
      items: [
        'The payment fields (card and Klarna) are Stripe’s own fields in an embedded frame. We do not control them and our tests do not reach into them: the payment tests stop when the payment step shows and continue on the page a reader returns to after paying.',
        'Embedded videos play in YouTube’s own player, which we have not tested. Whether a video has captions depends on whoever uploaded it.',
        'Podcast episodes have no transcript.',
        'Our automated checks run in the light theme. The dark theme is not checked automatically.',
        'We test in the Chromium browser. We have not tested with other browsers or with screen readers.',
      ],
    },
    report: {
      heading: 'Report a problem with the website’s accessibility',
      before: 'If something keeps you from using the website, or you need content in another form, e-mail us at ',
      after: '. Tell us which page it was and what happened, and we will fix it as soon as we can.',
      noContact: 'If something keeps you from using the website, contact the newsroom and we will fix it as soon as we can.',
    },
    supervision: {
      heading: 'Supervision',
      text: 'The Swedish Post and Telecom Authority (PTS) supervises that e-commerce services, such as our sale of subscriptions and passes, meet the Swedish act on the accessibility of certain products and services (2023:254). If you are not satisfied with how we handle your report, you can contact PTS and complain.',
      link: 'Contact the Swedish Post and Telecom Authority (PTS)',
    },
    testing: {
      heading: 'How we tested the website',
      intro: 'The website is tested automatically on every change, in the Chromium browser against the whole service:',
      items: [
        'Every reader page (home, news, opinion, articles, video, podcasts, people, search, subscribe, sign-in, forgotten and reset password, the legal pages, the reading list, downloaded podcasts and this page) is checked with the axe tool against WCAG 2.0 levels A and AA on a phone (390 pixels wide) and a desktop (1,366 pixels wide). There, serious and critical findings fail.',
        'Registering, resetting a password and the account’s profile, password and deletion forms are run by keyboard alone, without a single click. After every step the whole page is checked with axe against WCAG 2.0 and 2.1 levels A and AA, and the tests check that an error is announced, marks its field and moves focus there, that every control reached by Tab shows a focus ring, and that the keyboard gets from the top of the home page past every control to the footer’s link to this page.',
        'A failed sign-in is sent with the Enter key: the test checks that focus moves to the error and that the fields are marked, and runs axe on the sign-in box.',
        'In the subscription flow the keyboard’s focus moves to the payment step and back to the chosen plan.',
        'The pages for subscribing, signing in, registering, a forgotten password, the account’s overview, profile and settings, and this page are shown as on a screen 1,280 pixels wide zoomed to 400 % (320 pixels) and to 200 % (640 pixels), and the test checks that none of them scrolls sideways.',
        'The newsroom’s admin screens are checked with axe against WCAG 2.1 levels A and AA in every tab and in the main dialogs, which must also keep focus inside and hand it back when they close.',
      ],
      limits: 'Enlarging text alone (without zooming the page) is not tested, and the other pages, such as articles and podcasts, are not checked at the narrow widths. No one outside the newsroom has audited the website.',
    },
    date: {
      heading: 'About this statement',
      text: 'This statement was made on 27 November 2026 and is based on the automated tests described above.',
    },
  },
};
