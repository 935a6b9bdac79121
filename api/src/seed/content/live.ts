import type { DemoLiveArticle } from './types.js';

/**
 * The demo publication's live coverage (contract §9 [live]): a storm followed entry by entry, still live, with a pinned
 * summary and two key events. Times are minutes before the seed runs, so the coverage always looks current.
 */
export const liveArticles: DemoLiveArticle[] = [
  {
    article: {
      title: 'Just nu: Stormen Hedvig drar in över Norrlandskusten',
      excerpt: 'SMHI har utfärdat röd varning för Västernorrland och Gävleborg. Vi följer stormen, strömavbrotten och trafiken minut för minut.',
      content: 'Stormen Hedvig når Norrlandskusten under eftermiddagen och kvällen. SMHI varnar för vindbyar upp mot 35 meter per sekund längs kusten. Här följer vi utvecklingen.',
      category: 'news',
      author: 'Elin Wahlberg',
      authorTitle: 'Reporter',
      readTime: 2,
      premium: false,
      featured: false,
      categoryFeatured: false,
      hoursAgo: 4,
      imageAlt: 'Höga vågor slår mot en pir under en storm',
    },
    author: 'Elin Wahlberg',
    entries: [
      {
        minutesAgo: 235, title: 'SMHI höjer till röd varning', keyEvent: true, pinned: false,
        content: 'SMHI har höjt varningen för kusten i Västernorrland och Gävleborg till **röd**, den högsta nivån. Vindbyar på 30–35 meter per sekund väntas från klockan 16. Läs varningen hos [SMHI](https://www.smhi.se).',
      },
      {
        minutesAgo: 205, title: null, keyEvent: false, pinned: false,
        content: 'Trafikverket stänger Höga kustenbron för all trafik från klockan 15.30. Omledning sker via väg 334 genom Kramfors.',
      },
      {
        minutesAgo: 170, title: 'Tågtrafiken ställs in', keyEvent: false, pinned: false,
        content: 'SJ och Norrtåg ställer in alla avgångar mellan Gävle och Umeå resten av dagen. Resenärer med biljett kan boka om utan kostnad.',
      },
      {
        minutesAgo: 130, title: 'Över 20 000 utan ström', keyEvent: true, pinned: false,
        content: 'Elnätsbolagen rapporterar att över 20 000 hushåll i Sundsvall, Timrå och Härnösand saknar ström. Fallna träd över ledningarna gör att reparationerna tar tid.',
      },
      {
        minutesAgo: 95, title: null, keyEvent: false, pinned: false,
        content: '– Vi ber alla att stanna inomhus och inte ge sig ut på vägarna i onödan, säger räddningschefen i Sundsvall till Redaktion.',
      },
      {
        minutesAgo: 60, title: 'Skolor håller stängt i morgon', keyEvent: false, pinned: false,
        content: 'Sundsvalls och Timrå kommuner meddelar att grundskolorna håller stängt i morgon. Förskolorna har öppet för barn till vårdnadshavare i samhällsviktiga yrken.',
      },
      {
        minutesAgo: 30, title: 'Det här vet vi just nu', keyEvent: false, pinned: true,
        content: '- Röd varning gäller längs kusten till i morgon bitti.\n- Över 20 000 hushåll är utan ström.\n- Höga kustenbron och tågtrafiken norr om Gävle är stängda.\n- Skolorna i Sundsvall och Timrå håller stängt i morgon.',
      },
      {
        minutesAgo: 10, title: null, keyEvent: false, pinned: false,
        content: 'Vinden har nu vänt till nordväst i Hudiksvall. Enligt SMHI är de kraftigaste byarna att vänta längre norrut de närmaste timmarna.',
      },
    ],
  },
];
