/** Plain-language legal pages (privacy, terms, cookies) in Swedish and English. */
export type LegalPage = 'privacy' | 'terms' | 'cookies';

export interface LegalText {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const legal: Record<'sv' | 'en', Record<LegalPage, LegalText>> = {
  sv: {
    privacy: {
      title: 'Integritetspolicy',
      updated: '27 november 2026',
      sections: [
        {
          heading: 'Vem ansvarar för dina uppgifter',
          paragraphs: [
            'Redaktion Media AB i Stockholm är personuppgiftsansvarig för de uppgifter vi behandlar om dig när du använder Redaktion.',
            'Har du frågor om hur vi hanterar dina uppgifter är du välkommen att kontakta oss på integritet@redaktion.example.',
          ],
        },
        {
          heading: 'Vilka uppgifter vi sparar',
          paragraphs: [
            'När du skapar ett konto sparar vi ditt användarnamn, din e-postadress och ditt lösenord, som hashas så att ingen – inte heller vi – kan läsa det. Om du själv väljer att fylla i dem sparar vi också namn, presentation, ort och webbplats.',
            'När du är inloggad använder vi en sessionscookie för att hålla dig inloggad. Om du prenumererar på Premium sköts betalningen av Stripe, och vi sparar bara din prenumerationsstatus – aldrig dina kortuppgifter.',
            'Vi använder inte dina uppgifter för riktad reklam och vi spårar dig inte för annonsering.',
          ],
        },
        {
          heading: 'Varför vi behandlar uppgifterna',
          paragraphs: [
            'Vi behandlar dina uppgifter för att kunna tillhandahålla ditt konto, din läslista och dina sparade poddar, och för att ge dig tillgång till det innehåll som ingår i din prenumeration. Den rättsliga grunden är i första hand att fullgöra vårt avtal med dig.',
            'Uppgifter som behövs för bokföring, till exempel om betalningar, sparar vi så länge lagen kräver.',
          ],
        },
        {
          heading: 'Besöksstatistik utan spårning',
          paragraphs: [
            'För att veta vad som läses räknar vi besök i vårt eget system; ingen tredje part får del av uppgifterna. För varje sida du visar skickar appen sidans adress utan frågedelen (efter ?), utom en ref-märkning som länkarna i vårt nyhetsbrev och våra pushnotiser bär, till exempel ref=newsletter, och namnet på webbplatsen du kom från (bara värdnamnet, aldrig hela adressen). Vi räknar också vilken artikel eller vilket avsnitt det gäller, hur långt ner i en artikel du har läst (en fjärdedel, hälften, tre fjärdedelar, hela), hur mycket av ett avsnitt eller en uppläst artikel du har lyssnat på (påbörjat och varje fjärdedel) och, när du börjar betala för en prenumeration, från vilken artikel du kom.',
            'Vi sätter ingen kaka för detta och sparar ingen identifierare på din enhet. För att räkna unika läsare per dag gör servern en hash av din IP-adress och din webbläsares användaragent tillsammans med ett hemligt salt som byts varje dag. Saltet raderas när dygnet är slut, och därefter går hashen inte att koppla till en adress eller till dig en annan dag. Själva IP-adressen sparas aldrig.',
            'Om din webbläsare skickar Global Privacy Control eller Do Not Track skickar appen ingenting och ingenting räknas. De enskilda händelserna raderas efter 30 dagar; bara summor per dag, till exempel antal visningar per artikel, sparas.',
            'Om utgivaren har slagit på samtycke frågar vi först och räknar ingenting förrän du har svarat ja. Ditt svar sparas i din webbläsare (localStorage) så att vi inte frågar igen; det är ett val, inte en identifierare. Tömmer du webbplatsdata i webbläsaren frågar vi på nytt.',
          ],
        },
        {
          heading: 'Dina rättigheter',
          paragraphs: [
            'Enligt dataskyddsförordningen (GDPR) har du rätt att få veta vilka uppgifter vi har om dig, att få felaktiga uppgifter rättade, att få dina uppgifter raderade och att invända mot eller begränsa behandlingen.',
            'Under Mina sidor kan du själv ladda ner en kopia av dina uppgifter och radera ditt konto. När du raderar kontot tar vi bort dina personuppgifter, utom sådant vi enligt lag måste spara.',
            'Om du anser att vi behandlar dina uppgifter felaktigt kan du lämna klagomål till Integritetsskyddsmyndigheten (IMY), som är tillsynsmyndighet.',
          ],
        },
      ],
    },
    terms: {
      title: 'Användarvillkor',
      updated: '22 november 2026',
      sections: [
        {
          heading: 'Ditt konto',
          paragraphs: [
            'Redaktion drivs av Redaktion Media AB i Stockholm. För att spara artiklar, poddar och inställningar behöver du ett konto. Du ansvarar för att uppgifterna du lämnar är korrekta och för att hålla ditt lösenord hemligt.',
            'Du kan när som helst radera ditt konto under Mina sidor.',
          ],
        },
        {
          heading: 'Premiumprenumeration',
          paragraphs: [
            'Premium kostar 199 kr per månad eller 1 990 kr per år. Priset inkluderar moms. Betalningen hanteras av vår betalleverantör Stripe.',
            'Prenumerationen förnyas automatiskt för en ny period tills du säger upp den. Du kan säga upp den när som helst via kundportalen under Mina sidor, och du behåller tillgången till Premium under resten av den period du redan har betalat för.',
          ],
        },
        {
          heading: 'Upphovsrätt',
          paragraphs: [
            'Artiklar, bilder, videor och poddar på Redaktion skyddas av upphovsrätt och tillhör Redaktion Media AB eller våra medarbetare och samarbetspartner.',
            'Du får gärna läsa, lyssna och dela länkar till vårt innehåll, men du får inte kopiera, publicera om eller sälja det utan vårt tillstånd.',
          ],
        },
        {
          heading: 'Godtagbar användning',
          paragraphs: [
            'Du får inte använda tjänsten på ett sätt som bryter mot lag, skadar andra eller stör tjänsten, till exempel genom att försöka ta dig in i andras konton, automatiskt samla in innehåll i stor skala eller dela dina inloggningsuppgifter med andra.',
            'Om du bryter mot villkoren kan vi stänga av eller avsluta ditt konto.',
          ],
        },
        {
          heading: 'Ändringar och kontakt',
          paragraphs: [
            'Vi kan komma att uppdatera villkoren. Vid större ändringar meddelar vi dig i förväg. Svensk lag gäller för villkoren.',
            'Frågor om villkoren kan du skicka till integritet@redaktion.example.',
          ],
        },
      ],
    },
    cookies: {
      title: 'Cookiepolicy',
      updated: '22 november 2026',
      sections: [
        {
          heading: 'Vad är cookies?',
          paragraphs: [
            'En cookie är en liten textfil som webbplatsen sparar i din webbläsare. Vi använder bara cookies som behövs för att tjänsten ska fungera, och därför behöver vi inte be om ditt samtycke för dem.',
          ],
        },
        {
          heading: 'Cookies vi använder',
          paragraphs: [
            'redaktion.sid är en sessionscookie som håller dig inloggad. Tillsammans med den sparas en signatur (redaktion.sid.sig) som visar att cookien inte har ändrats.',
            'redaktion.prefs kommer ihåg ditt val av språk och tema.',
          ],
        },
        {
          heading: 'Uppgifter som sparas på din enhet',
          paragraphs: [
            'Dina inställningar, din läslista och dina sparade poddar lagras i din webbläsare (localStorage och IndexedDB) så att de går snabbt att nå och fungerar även utan uppkoppling. De skickas inte till tredje part.',
            'Du kan när som helst rensa uppgifterna genom att tömma webbplatsdata i din webbläsare.',
          ],
        },
        {
          heading: 'Inga spårningscookies',
          paragraphs: [
            'Vi använder inga spårningscookies eller annonscookies från tredje part.',
            'När betalningar är aktiverade sätter vår betalleverantör Stripe sina egna cookies, men bara på betalningssidan. De används för att genomföra betalningen och förhindra bedrägerier. Läs mer i Stripes egen integritetspolicy.',
          ],
        },
      ],
    },
  },
  en: {
    privacy: {
      title: 'Privacy Policy',
      updated: '27 November 2026',
      sections: [
        {
          heading: 'Who is responsible for your data',
          paragraphs: [
            'Redaktion Media AB, Stockholm, is the data controller for the personal data we process when you use Redaktion.',
            'If you have any questions about how we handle your data, contact us at integritet@redaktion.example.',
          ],
        },
        {
          heading: 'What we store',
          paragraphs: [
            'When you create an account we store your username, your e-mail address and your password, hashed so that nobody – not even we – can read it. If you choose to add them, we also store your name, bio, location and website.',
            'While you are logged in, a session cookie keeps you signed in. If you subscribe to Premium, the payment is handled by Stripe and we only store your subscription status – never your card details.',
            'We do not use your data for targeted advertising and we do not track you for ads.',
          ],
        },
        {
          heading: 'Why we process it',
          paragraphs: [
            'We process your data to provide your account, your reading list and your saved podcasts, and to give you access to the content included in your subscription. The legal basis is mainly the performance of our agreement with you.',
            'Data needed for bookkeeping, such as payment records, is kept for as long as the law requires.',
          ],
        },
        {
          heading: 'Visit figures without tracking',
          paragraphs: [
            'To know what is read, we count visits in our own system; no third party receives them. For each page you are shown, the app sends the page\'s address without its query (the part after ?), except a ref label that the links in our newsletter and push alerts carry, such as ref=newsletter, and the name of the site you came from (its host name only, never the whole address). We also count which article or episode it is, how far down an article you have read (a quarter, half, three quarters, all of it), how much of an episode or a read-aloud article you have heard (started, and each quarter) and, when you start paying for a subscription, which article you came from.',
            'We set no cookie for this and keep no identifier on your device. To count unique readers per day, the server makes a hash of your IP address and your browser\'s user agent together with a secret salt that changes every day. The salt is deleted when the day ends, after which the hash cannot be linked to an address, or to you on another day. Your IP address itself is never stored.',
            'If your browser sends Global Privacy Control or Do Not Track, the app sends nothing and nothing is counted. The individual events are deleted after 30 days; only daily totals, such as views per article, are kept.',
            'If the publisher has turned consent on, we ask first and count nothing until you answer yes. Your answer is kept in your browser (localStorage) so that we do not ask again; it is a choice, not an identifier. If you clear the site\'s data in your browser, we ask again.',
          ],
        },
        {
          heading: 'Your rights',
          paragraphs: [
            'Under the General Data Protection Regulation (GDPR) you have the right to access the data we hold about you, to have it corrected or erased, and to object to or restrict its processing.',
            'From your dashboard you can download a copy of your data and delete your account yourself. When you delete your account we remove your personal data, except what we are required by law to keep.',
            'If you believe we handle your data incorrectly, you can complain to the Swedish Authority for Privacy Protection (Integritetsskyddsmyndigheten, IMY), the supervisory authority.',
          ],
        },
      ],
    },
    terms: {
      title: 'Terms of Service',
      updated: '22 November 2026',
      sections: [
        {
          heading: 'Your account',
          paragraphs: [
            'Redaktion is run by Redaktion Media AB, Stockholm. You need an account to save articles, podcasts and settings. You are responsible for giving correct details and for keeping your password secret.',
            'You can delete your account at any time from your dashboard.',
          ],
        },
        {
          heading: 'Premium subscription',
          paragraphs: [
            'Premium costs 199 SEK per month or 1,990 SEK per year, VAT included. Payments are handled by our payment provider, Stripe.',
            'Your subscription renews automatically for a new period until you cancel it. You can cancel at any time through the customer portal in your dashboard, and you keep Premium access for the rest of the period you have already paid for.',
          ],
        },
        {
          heading: 'Copyright',
          paragraphs: [
            'The articles, photos, videos and podcasts on Redaktion are protected by copyright and belong to Redaktion Media AB or to our contributors and partners.',
            'You are welcome to read, listen and share links to our content, but you may not copy, republish or sell it without our permission.',
          ],
        },
        {
          heading: 'Acceptable use',
          paragraphs: [
            'You may not use the service in a way that breaks the law, harms others or disrupts the service – for example by trying to access other people\'s accounts, scraping content at scale or sharing your login with others.',
            'If you break these terms, we may suspend or close your account.',
          ],
        },
        {
          heading: 'Changes and contact',
          paragraphs: [
            'We may update these terms. We will tell you in advance about significant changes. These terms are governed by Swedish law.',
            'Questions about these terms can be sent to integritet@redaktion.example.',
          ],
        },
      ],
    },
    cookies: {
      title: 'Cookie Policy',
      updated: '22 November 2026',
      sections: [
        {
          heading: 'What are cookies?',
          paragraphs: [
            'A cookie is a small text file that a website stores in your browser. We only use cookies that are necessary for the service to work, so we do not need to ask for your consent to them.',
          ],
        },
        {
          heading: 'Cookies we use',
          paragraphs: [
            'redaktion.sid is a session cookie that keeps you logged in. It comes with a signature (redaktion.sid.sig) that shows the cookie has not been tampered with.',
            'redaktion.prefs remembers your choice of language and theme.',
          ],
        },
        {
          heading: 'Data stored on your device',
          paragraphs: [
            'Your settings, reading list and saved podcasts are stored in your browser (localStorage and IndexedDB) so they load quickly and work offline. They are not shared with third parties.',
            'You can clear this data at any time by clearing the site data in your browser.',
          ],
        },
        {
          heading: 'No tracking cookies',
          paragraphs: [
            'We do not use any third-party tracking or advertising cookies.',
            'When payments are enabled, our payment provider Stripe sets its own cookies, but only on the payment page. They are used to complete the payment and prevent fraud. See Stripe\'s own privacy policy for details.',
          ],
        },
      ],
    },
  },
};
