import type { DemoJournalist } from './types.js';

/** The newsroom: every demo byline is one of these, except guest writers of opinion pieces. */
export const journalists: DemoJournalist[] = [
  {
    name: 'Karin Ekholm', email: 'karin.ekholm@redaktion.example', title: 'Nyhetschef', specialty: 'Inrikesnyheter',
    bio: 'Karin Ekholm leder nyhetsdesken och leder podden Morgonekot. Hon har tidigare arbetat på lokalradio i Sundsvall och som reporter i Stockholm.',
    expertise: ['inrikes', 'kommuner', 'krisberedskap'], status: 'active', socialLinks: { twitter: 'https://twitter.com/karinekholm' },
  },
  {
    name: 'Jonas Bergkvist', email: 'jonas.bergkvist@redaktion.example', title: 'Politisk kommentator', specialty: 'Rikspolitik',
    bio: 'Jonas Bergkvist har bevakat riksdagen i femton år och skriver analyser om makt, partier och val.',
    expertise: ['riksdagen', 'val', 'EU'], status: 'active', socialLinks: { twitter: 'https://twitter.com/jonasbergkvist', linkedin: 'https://www.linkedin.com/in/jonasbergkvist' },
  },
  {
    name: 'Leila Haddad', email: 'leila.haddad@redaktion.example', title: 'Samhällsreporter', specialty: 'Skola och bostäder',
    bio: 'Leila Haddad skriver om skola, bostäder och vardagsliv och leder samtalsprogrammet Samtidsrummet.',
    expertise: ['skola', 'bostäder', 'integration'], status: 'active', socialLinks: { linkedin: 'https://www.linkedin.com/in/leilahaddad' },
  },
  {
    name: 'Mikael Sundström', email: 'mikael.sundstrom@redaktion.example', title: 'Kulturredaktör', specialty: 'Konst och litteratur',
    bio: 'Mikael Sundström är kulturredaktör och recenserar konst, litteratur och scen. Han bor i Malmö.',
    expertise: ['konst', 'litteratur', 'teater'], status: 'active', socialLinks: {},
  },
  {
    name: 'Johan Åkesson', email: 'johan.akesson@redaktion.example', title: 'Ekonomi- och teknikreporter', specialty: 'Industri och ny teknik',
    bio: 'Johan Åkesson bevakar näringsliv, energi och teknik och leder podden Framtidsfabriken.',
    expertise: ['elbilar', 'AI', 'energi', 'industri'], status: 'active', socialLinks: { twitter: 'https://twitter.com/johanakesson' },
  },
  {
    name: 'Elin Wahlberg', email: 'elin.wahlberg@redaktion.example', title: 'Reporter', specialty: 'Norrland och klimat',
    bio: 'Elin Wahlberg är frilansande reporter i Luleå och skriver om klimat, natur och den gröna industrin i norr.',
    expertise: ['klimat', 'Norrland', 'natur'], status: 'freelance', socialLinks: {},
  },
];
