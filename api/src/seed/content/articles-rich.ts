import type { DemoArticle } from './types.js';

/**
 * Demo articles that show the Markdown format of contract §9: subheadings, links to sources, a figure with caption and
 * credit, a fact box, a table and an embedded episode. `/uploads/demo/figure-….svg` are drawn by the seed.
 */
export const richArticles: DemoArticle[] = [
  {
    title: "Valnatten i siffror: så flyttade rösterna mellan blocken",
    excerpt: "Rösträkningen är klar i nästan alla valdistrikt. Vi går igenom vad siffrorna säger om väljarnas rörelser, län för län.",
    content: [
      "Rösträkningen är klar i 6 312 av 6 328 valdistrikt, och bilden av valnatten är tydlig: väljarna har rört sig mer mellan blocken än i något val sedan 1994. Det visar [Valmyndighetens preliminära resultat](https://www.val.se) som publicerades strax efter midnatt.",
      "## Störst förändring i norr",
      "I Norrbotten och Västerbotten gick de rödgröna partierna tillbaka med sammanlagt över fem procentenheter, medan de borgerliga ökade mest i storstadslänen. Statsvetaren Maria Lindqvist vid Umeå universitet pekar på **regionala frågor** som förklaring: – Sjukvården och tågtrafiken har betytt mer i norr än de nationella frågorna, säger hon.",
      "::figure[Valvakan i riksdagens andrakammarsal strax efter midnatt.]{src=\"/uploads/demo/figure-valvaka.svg\" alt=\"Partiledare och journalister samlade i en stor sal med skärmar som visar valresultat\" credit=\"Illustration: Redaktion\"}",
      "| Parti | Andel 2026 | Förändring |\n|:--|--:|--:|\n| Socialdemokraterna | 29,8 % | −0,5 |\n| Moderaterna | 19,6 % | +0,5 |\n| Sverigedemokraterna | 18,9 % | −1,6 |\n| Centerpartiet | 6,9 % | +0,2 |\n| Vänsterpartiet | 7,4 % | +0,6 |",
      ":::factbox[Fakta: så räknas rösterna]\n- Rösterna räknas först i vallokalen på valnatten.\n- Länsstyrelserna gör den slutliga rösträkningen under veckan efter valet.\n- Ett parti behöver minst *4 procent* av rösterna i hela landet för att komma in i riksdagen.\n:::",
      "## Vad händer nu?",
      "Talmannen inleder sonderingarna när det slutliga resultatet är fastställt. Läs mer om [hur en regering bildas](/news?category=politics) och lyssna på vårt valspecialavsnitt:",
      "/podcast/2",
    ].join('\n\n'),
    category: 'politics',
    author: "Johan Åkesson",
    authorTitle: "Politisk reporter",
    readTime: 4,
    premium: false,
    featured: false,
    categoryFeatured: false,
    hoursAgo: 30,
    imageAlt: "Valsedlar i en urna",
    figures: [{ name: 'valvaka', title: 'Valvakan' }],
  },
];
