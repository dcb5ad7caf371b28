"""Source table of the engine's messages (key, English, Danish, Norwegian), written out as gettext files.

Run ``python tools/engine_messages.py`` to regenerate bridgelaws/i18n/engine.pot and da/nb engine.po.
After that, translators work in the .po files; this script is only the first draft's generator.
"""

from pathlib import Path

M = [
    # ---- Director's statements: penalty cards ------------------------------------------------------
    ("dir.pc_major", "{seat}'s {card} is a major penalty card",
     "{seat}s {card} er et stort strafkort", "{seat}s {card} er et stort straffekort"),
    ("dir.pc_minor", "{seat}'s {card} is a minor penalty card",
     "{seat}s {card} er et lille strafkort", "{seat}s {card} er et lite straffekort"),
    ("dir.must_play_pc", "{seat} must play {card} to this trick",
     "{seat} skal spille {card} til dette stik", "{seat} må spille {card} til dette stikket"),
    ("dir.must_lead_pc", "{seat} is on lead and must lead {card}",
     "{seat} er inde og skal spille {card} ud", "{seat} er inne og må spille ut {card}"),
    ("dir.must_play_designated", "Declarer has designated {card}: {seat} must play it now",
     "Spilfører har udpeget {card}: {seat} skal spille det nu",
     "Spillefører har utpekt {card}: {seat} må spille det nå"),
    ("dir.pc_waits", "{seat} must first follow suit or comply with the restriction; the penalty card ({cards:and}) "
                     "stays on the table until the next legal opportunity",
     "{seat} skal først bekende eller overholde begrænsningen; strafkortet ({cards:and}) bliver liggende "
     "til næste lovlige lejlighed",
     "{seat} må først følge farge eller overholde begrensningen; {cards:and} blir liggende til neste lovlige "
     "anledning"),
    ("dir.pc_first_opportunity", "{seat} must play {cards:or} at the first legal opportunity: leading, following "
                                 "suit, discarding or ruffing",
     "{seat} skal spille {cards:or} ved første lovlige lejlighed: ved udspil, ved at bekende, ved afkast eller ved "
     "trumfning",
     "{seat} må spille {cards:or} ved første lovlige anledning: i utspill, ved å følge farge, ved avkast eller ved "
     "stjeling"),
    ("dir.minor_limit", "Until {card} has been played, {seat} may not play another {suit:singular} below the ten; he may "
                        "play an honour instead",
     "Indtil {card} er spillet, må {seat} ikke spille en anden {suit:name} under tieren; han må gerne spille en "
     "honnør i stedet",
     "Til {card} er spilt, kan ikke {seat} spille en annen {suit:name} under tieren; han kan spille et honnørkort i "
     "stedet"),
    ("dir.options_when_partner_leads", "When {seat} gets the lead while {offender}'s penalty card is on the table, "
                                       "declarer may require or forbid a lead in {suits:or}, or impose no restriction",
     "Når {seat} kommer ind, mens {offender}s strafkort ligger på bordet, kan spilfører kræve eller forbyde udspil "
     "i {suits:or} eller lade være",
     "Når {seat} kommer inn mens {offender}s straffekort ligger på bordet, kan spillefører kreve eller forby utspill "
     "i {suits:or}, eller la være"),
    ("dir.wait_for_declarer_lead", "{seat} may not lead until declarer has chosen: require {suits:or}, forbid "
                                   "{suits:or}, or no restriction",
     "{seat} må ikke spille ud, før spilfører har valgt: kræve {suits:or}, forbyde {suits:or} eller ingen "
     "begrænsning",
     "{seat} kan ikke spille ut før spillefører har valgt: kreve {suits:or}, forby {suits:or} eller ingen "
     "begrensning"),
    ("dir.must_lead_suit", "{seat} must lead a {suit:singular} to this trick",
     "{seat} skal spille {suit:name} ud til dette stik", "{seat} må spille ut {suit:name} til dette stikket"),
    ("dir.may_not_lead_suits", "{seat} may not lead {suits:or} as long as he keeps the lead",
     "{seat} må ikke spille {suits:or} ud, så længe han bevarer udspillet",
     "{seat} kan ikke spille ut {suits:or} så lenge han beholder utspillet"),
    ("dir.cannot_comply", "{seat} cannot comply: he may play any otherwise legal card",
     "{seat} kan ikke efterkomme kravet: han må spille et hvilket som helst kort, der ellers er lovligt",
     "{seat} kan ikke etterkomme kravet: han kan spille et hvilket som helst kort som ellers er lovlig"),
    ("dir.information", "Knowing that a penalty card must be played is authorized for everyone; any other "
                        "information from seeing it is unauthorized for {seats:and} and authorized for declarer",
     "Kendskabet til, at et strafkort skal spilles, er beføjet for alle; anden oplysning fra kortet er ubeføjet for "
     "{seats:and} og beføjet for spilfører",
     "Kunnskapen om at et straffekort må spilles, er autorisert for alle; annen informasjon fra kortet er "
     "uautorisert for {seats:and} og autorisert for spillefører"),
    ("dir.normal_play", "{seat} to play", "{seat} skal spille", "{seat} skal spille"),
    # ---- Director's statements: decisions --------------------------------------------------------------
    ("dir.54_options", "{offender} led {card} out of turn. Declarer may accept it and play second from his own hand; "
                       "accept it and become dummy by spreading his hand; or reject it: then {card} becomes a major "
                       "penalty card and he may require, forbid or not restrict {leader}'s lead",
     "{offender} spillede {card} ud uden at være i udspil. Spilfører kan acceptere udspillet og selv spille andet "
     "kort fra sin hånd; acceptere det og blive bord ved at lægge sine kort op; eller afvise det: så bliver {card} "
     "et stort strafkort, og han kan kræve, forbyde eller lade være med at begrænse {leader}s udspil",
     "{offender} spilte ut {card} uten å være i utspill. Spillefører kan akseptere utspillet og selv spille annet "
     "kort fra egen hånd; akseptere det og bli blindemann ved å legge ned kortene sine; eller avvise det: da blir "
     "{card} et stort straffekort, og han kan kreve, forby eller la være å begrense {leader}s utspill"),
    ("dir.56_options", "{offender} led {card} out of turn. Declarer may accept the lead (a card played by {next} "
                       "accepts it) or reject it: then {card} becomes a major penalty card and {leader} leads",
     "{offender} spillede {card} ud uden at være i udspil. Spilfører kan acceptere udspillet (et kort fra {next} "
     "accepterer det) eller afvise det: så bliver {card} et stort strafkort, og {leader} spiller ud",
     "{offender} spilte ut {card} uten å være i utspill. Spillefører kan akseptere utspillet (et kort fra {next} "
     "aksepterer det) eller avvise det: da blir {card} et stort straffekort, og {leader} spiller ut"),
    ("dir.55_options", "Declarer's side led {card} from {offender}'s hand out of turn. Either defender may accept "
                       "the lead or require it to be taken back; if they disagree, {decider}, next to play after the "
                       "lead, decides",
     "Spilførers side spillede {card} ud fra {offender}s hånd uden at være i udspil. Begge modspillere kan "
     "acceptere udspillet eller kræve det taget tilbage; er de uenige, bestemmer {decider}, som er næste til at "
     "spille efter udspillet",
     "Spilleførers side spilte ut {card} fra {offender}s hånd uten å være i utspill. Begge motspillerne kan "
     "akseptere utspillet eller kreve det tatt tilbake; er de uenige, bestemmer {decider}, som er neste til å "
     "spille etter utspillet"),
    ("dir.57_options", "{offender}'s {card} was played before his partner: it is a major penalty card. Declarer now "
                       "chooses for {seat} in this trick: his highest card of the suit led, his lowest, a card of "
                       "another suit declarer names, or no card of another suit declarer names",
     "{offender}s {card} blev spillet før makkers: det er et stort strafkort. Spilfører vælger nu for {seat} i "
     "dette stik: hans højeste kort i den udspillede farve, hans laveste, et kort i en anden farve, som spilfører "
     "nævner, eller intet kort i en anden farve, som spilfører nævner",
     "{offender}s {card} ble spilt før makkers: det er et stort straffekort. Spillefører velger nå for {seat} i "
     "dette stikket: hans høyeste kort i utspilt farge, hans laveste, et kort i en annen farge som spillefører "
     "nevner, eller ikke et kort i en annen farge som spillefører nevner"),
    ("dir.52_options", "{offender} played {card} instead of the penalty card. Declarer may accept it, or require "
                       "{cards:or} instead (then {card} becomes a major penalty card); once he plays from either "
                       "hand, he has accepted",
     "{offender} spillede {card} i stedet for strafkortet. Spilfører kan acceptere det eller kræve {cards:or} i "
     "stedet (så bliver {card} et stort strafkort); spiller han fra en af sine hænder, har han accepteret",
     "{offender} spilte {card} i stedet for straffekortet. Spillefører kan akseptere det eller kreve {cards:or} i "
     "stedet (da blir {card} et stort straffekort); spiller han fra en av sine hender, har han akseptert"),
    ("dir.51A_designate", "{seat} has several penalty cards he could play: declarer designates which of {cards:or} "
                          "he plays",
     "{seat} har flere strafkort, som kan spilles: spilfører bestemmer, hvilket af {cards:or} han spiller",
     "{seat} har flere straffekort som kan spilles: spillefører bestemmer hvilket av {cards:or} han spiller"),
    ("dir.58_select", "{seat} played {cards:and} at once: he names the one he plays; as a defender his other visible "
                      "cards become penalty cards",
     "{seat} spillede {cards:and} på én gang: han siger, hvilket han spiller; som modspiller bliver hans andre "
     "synlige kort strafkort",
     "{seat} spilte {cards:and} samtidig: han sier hvilket han spiller; som motspiller blir hans andre synlige kort "
     "straffekort"),
    ("dir.57_highest", "{seat} must play his highest {suit:singular} to this trick",
     "{seat} skal spille sin højeste {suit:name} til dette stik", "{seat} må spille sin høyeste {suit:name} til dette "
     "stikket"),
    ("dir.57_lowest", "{seat} must play his lowest {suit:singular} to this trick",
     "{seat} skal spille sin laveste {suit:name} til dette stik", "{seat} må spille sin laveste {suit:name} til dette "
     "stikket"),
    ("dir.57_require_suit", "If {seat} cannot follow suit, he must play a {suit:singular} to this trick",
     "Hvis {seat} ikke kan bekende, skal han spille {suit:name} til dette stik",
     "Hvis {seat} ikke kan følge farge, må han spille {suit:name} til dette stikket"),
    ("dir.57_forbid_suit", "{seat} may not play a {suit:singular} to this trick",
     "{seat} må ikke spille {suit:name} til dette stik", "{seat} kan ikke spille {suit:name} til dette stikket"),
    # ---- notes about the last event ----------------------------------------------------------------------
    ("note.became_penalty_card", "{seat}'s {card} is exposed and becomes a penalty card",
     "{seat}s {card} er blevet vist og bliver et strafkort", "{seat}s {card} er blitt vist og blir et straffekort"),
    ("note.declarer_exposed", "{seat}'s {card} goes back to the hand: declarer's side never has penalty cards",
     "{seat}s {card} tages tilbage på hånden: spilførers side får aldrig strafkort",
     "{seat}s {card} tas tilbake på hånden: spilleførers side får aldri straffekort"),
    ("note.revoke_penalty", "The revoke is corrected; {seat}'s {card} becomes a major penalty card",
     "Kulørsvigten rettes; {seat}s {card} bliver et stort strafkort",
     "Revoken rettes; {seat}s {card} blir et stort straffekort"),
    ("note.revoke_restored", "The revoke is corrected; {seat}'s {card} goes back to the hand with no further "
                             "rectification",
     "Kulørsvigten rettes; {seat}s {card} tages tilbage på hånden uden yderligere berigtigelse",
     "Revoken rettes; {seat}s {card} tas tilbake på hånden uten ytterligere korreksjon"),
    ("note.restriction_revoke", "{seat}'s {card} breaks declarer's restriction although he could comply: this is a "
                                "revoke, to be corrected if noticed before it is established",
     "{seat}s {card} bryder spilførers begrænsning, selv om han kunne overholde den: det er en kulørsvigt, som skal "
     "rettes, hvis den opdages, før den er etableret",
     "{seat}s {card} bryter spilleførers begrensning selv om han kunne overholde den: det er en revoke, som skal "
     "rettes hvis den oppdages før den er etablert"),
    ("note.picked_up", "{cards:and} no longer a penalty card: {seat} picks it up",
     "{cards:and} er ikke længere strafkort: {seat} tager det op på hånden",
     "{cards:and} er ikke lenger straffekort: {seat} tar det opp på hånden"),
    ("note.no_restriction", "Declarer imposes no restriction: {seat} may lead any card, and {cards:and} stay "
                            "penalty cards",
     "Spilfører vælger ingen begrænsning: {seat} må spille et hvilket som helst kort ud, og {cards:and} forbliver "
     "strafkort",
     "Spillefører velger ingen begrensning: {seat} kan spille ut et hvilket som helst kort, og {cards:and} forblir "
     "straffekort"),
    ("note.cannot_comply", "{seat} cannot comply with the restriction and may play any otherwise legal card",
     "{seat} kan ikke overholde begrænsningen og må spille et hvilket som helst kort, der ellers er lovligt",
     "{seat} kan ikke overholde begrensningen og kan spille et hvilket som helst kort som ellers er lovlig"),
    ("note.designated", "Declarer designates {card}: {seat} plays it",
     "Spilfører udpeger {card}: {seat} spiller det", "Spillefører utpeker {card}: {seat} spiller det"),
    ("note.accepted_wrong_card", "Declarer accepts {seat}'s {card}; the penalty card stays on the table",
     "Spilfører accepterer {seat}s {card}; strafkortet bliver liggende",
     "Spillefører aksepterer {seat}s {card}; straffekortet blir liggende"),
    ("note.accepted_by_play", "Declarer played on, so he has accepted {seat}'s {card}; the penalty card stays on the "
                              "table",
     "Spilfører har spillet videre og har dermed accepteret {seat}s {card}; strafkortet bliver liggende",
     "Spillefører har spilt videre og har dermed akseptert {seat}s {card}; straffekortet blir liggende"),
    ("note.rejected_wrong_card", "Declarer rejects {seat}'s {card}: it becomes a major penalty card and the penalty "
                                 "card is played instead",
     "Spilfører afviser {seat}s {card}: det bliver et stort strafkort, og strafkortet spilles i stedet",
     "Spillefører avviser {seat}s {card}: det blir et stort straffekort, og straffekortet spilles i stedet"),
    ("note.lead_accepted", "{seat} accepts the lead of {card} out of turn: it stands",
     "{seat} accepterer udspillet af {card}: det står ved magt", "{seat} aksepterer utspillet av {card}: det står"),
    ("note.lead_accepted_by_play", "{seat} played to the lead of {card} out of turn, so it is accepted",
     "{seat} spillede til udspillet af {card}, som dermed er accepteret",
     "{seat} spilte til utspillet av {card}, som dermed er akseptert"),
    ("note.lead_rejected_penalty", "The lead is rejected: {seat}'s {card} becomes a major penalty card",
     "Udspillet afvises: {seat}s {card} bliver et stort strafkort",
     "Utspillet avvises: {seat}s {card} blir et stort straffekort"),
    ("note.lead_rejected_restored", "The lead is rejected: {card} goes back to {seat}'s hand and {leader} leads",
     "Udspillet afvises: {card} går tilbage til {seat}s hånd, og {leader} spiller ud",
     "Utspillet avvises: {card} går tilbake til {seat}s hånd, og {leader} spiller ut"),
    ("note.partner_accepted_55A", "{seat} accepts the lead; {decider}, next in turn, may still disagree and then "
                                  "decides",
     "{seat} accepterer udspillet; {decider}, som er næste i tur, kan være uenig og bestemmer i så fald",
     "{seat} aksepterer utspillet; {decider}, som er neste i tur, kan være uenig og bestemmer i så fall"),
    ("note.partner_rejected_55A", "{seat} requires the lead to be taken back; {decider}, next in turn, may still "
                                  "disagree and then decides",
     "{seat} kræver udspillet taget tilbage; {decider}, som er næste i tur, kan være uenig og bestemmer i så fald",
     "{seat} krever utspillet tatt tilbake; {decider}, som er neste i tur, kan være uenig og bestemmer i så fall"),
    ("note.decider_prevails_55A", "{seat} sees it differently, but the choice of {decider}, next in turn after the "
                                  "irregular lead, stands",
     "{seat} ser anderledes på det, men valget fra {decider}, som er næste i tur efter det uregelmæssige udspil, "
     "står ved magt",
     "{seat} ser annerledes på det, men valget til {decider}, som er neste i tur etter det uregelmessige utspillet, "
     "står"),
    ("note.face_down_returned", "{seat}'s face-down lead {card} goes back to his hand",
     "{seat}s skjulte udspil {card} tages tilbage på hånden", "{seat}s skjulte utspill {card} tas tilbake på hånden"),
    ("note.became_dummy", "{seat} spreads his hand and becomes dummy; {declarer} is declarer",
     "{seat} lægger kortene op og bliver bord; {declarer} er spilfører",
     "{seat} legger ned kortene og blir blindemann; {declarer} er spillefører"),
    ("note.premature_penalty", "{seat} played {card} before his partner: it is a major penalty card",
     "{seat} spillede {card} før sin makker: det er et stort strafkort",
     "{seat} spilte {card} før makkeren: det er et stort straffekort"),
    ("note.premature_stands", "{seat}'s {card}, played before its turn, stands: there is no rectification",
     "{seat}s {card}, spillet før tid, står ved magt: der er ingen berigtigelse",
     "{seat}s {card}, spilt før tiden, står: det er ingen korreksjon"),
    ("note.simultaneous_one_visible", "Only {card} was visible: it is played and the other cards go back to {seat}'s "
                                      "hand",
     "Kun {card} var synligt: det er spillet, og de andre kort tages tilbage på {seat}s hånd",
     "Bare {card} var synlig: det er spilt, og de andre kortene tas tilbake på {seat}s hånd"),
    ("note.simultaneous_penalty", "{seat} plays {card}; {cards:and} become penalty cards",
     "{seat} spiller {card}; {cards:and} bliver strafkort", "{seat} spiller {card}; {cards:and} blir straffekort"),
    ("note.simultaneous_restored", "{seat} plays {card}; {cards:and} go back to his hand",
     "{seat} spiller {card}; {cards:and} tages tilbage på hånden", "{seat} spiller {card}; {cards:and} tas tilbake på "
     "hånden"),
    # ---- why a constraint ended ---------------------------------------------------------------------------------
    ("why.pc_played", "{seat} played {card}", "{seat} spillede {card}", "{seat} spilte {card}"),
    ("why.pc_picked_up", "{seat} picked {card} up", "{seat} tog {card} op på hånden", "{seat} tok {card} opp på hånden"),
    ("why.pc_gone", "{card} is no longer a penalty card", "{card} er ikke længere strafkort",
     "{card} er ikke lenger straffekort"),
    ("why.lead_made", "{seat} has led", "{seat} har spillet ud", "{seat} har spilt ut"),
    ("why.lost_lead", "{seat} lost the lead", "{seat} mistede udspillet", "{seat} mistet utspillet"),
    ("why.trick_over", "the trick is over", "stikket er slut", "stikket er ferdig"),
    ("why.play_over", "play is over", "spillet er slut", "spillet er ferdig"),
    ("why.decided", "{seat} has decided", "{seat} har valgt", "{seat} har valgt"),
    # ---- errors -----------------------------------------------------------------------------------------------------
    ("error.not_in_hand", "{seat} does not hold {card}", "{seat} har ikke {card}", "{seat} har ikke {card}"),
    ("error.play_over", "All 13 tricks have been played", "Alle 13 stik er spillet", "Alle 13 stikk er spilt"),
    ("error.must_follow", "{seat} must follow suit and may not play {card} ({law})",
     "{seat} skal bekende og må ikke spille {card} ({law})", "{seat} må følge farge og kan ikke spille {card} ({law})"),
    ("error.out_of_turn", "It is {to_act}'s turn, not {seat}'s ({law})", "Det er {to_act}s tur, ikke {seat}s ({law})",
     "Det er {to_act}s tur, ikke {seat}s ({law})"),
    ("error.out_of_turn_lead", "A lead out of turn is not a play out of turn ({law})",
     "Et udspil uden for tur er ikke et tilspil uden for tur ({law})",
     "Et utspill utenfor tur er ikke et tilspill utenfor tur ({law})"),
    ("error.already_played", "{seat} has already played to this trick", "{seat} har allerede spillet til dette stik",
     "{seat} har allerede spilt til dette stikket"),
    ("error.decision_pending", "{seat} may not play {card} until the decision has been made ({law})",
     "{seat} må ikke spille {card}, før der er truffet et valg ({law})",
     "{seat} kan ikke spille {card} før valget er tatt ({law})"),
    ("error.not_implemented", "The library has no rule for '{action}' events yet",
     "Biblioteket har endnu ingen regel for hændelser af typen '{action}'",
     "Biblioteket har ennå ingen regel for hendelser av typen '{action}'"),
    ("error.restricted", "{seat} may not play {card}: {restriction} ({law})",
     "{seat} må ikke spille {card}: {restriction} ({law})", "{seat} kan ikke spille {card}: {restriction} ({law})"),
    ("error.must_play_pc", "{seat} may not play {card}: he must play his penalty card {cards:or} ({law})",
     "{seat} må ikke spille {card}: han skal spille sit strafkort {cards:or} ({law})",
     "{seat} kan ikke spille {card}: han må spille straffekortet {cards:or} ({law})"),
    ("error.minor_limit", "{seat} may not play {card}: while {pc} is a minor penalty card he may not play a lower "
                          "card of that suit below the ten ({law})",
     "{seat} må ikke spille {card}: så længe {pc} er et lille strafkort, må han ikke spille et lavere kort under "
     "tieren i farven ({law})",
     "{seat} kan ikke spille {card}: så lenge {pc} er et lite straffekort, kan han ikke spille et lavere kort under "
     "tieren i fargen ({law})"),
    ("error.already_penalty_card", "{card} is already a penalty card on the table ({law})",
     "{card} ligger allerede som strafkort ({law})", "{card} ligger allerede som straffekort ({law})"),
    ("error.not_clarification", "The clarification period ended when the opening lead was faced ({law})",
     "Afklaringsperioden sluttede, da udspillet blev vendt ({law})",
     "Avklaringsperioden sluttet da utspillet ble snudd ({law})"),
    ("error.unknown_how", "Unknown way of exposing a card: '{how}'", "Ukendt måde at vise et kort på: '{how}'",
     "Ukjent måte å vise et kort på: '{how}'"),
    ("error.unknown_option", "Unknown option '{option}'", "Ukendt valgmulighed '{option}'", "Ukjent valg '{option}'"),
    ("error.choose_needs_suit", "Name the suit for '{option}'", "Nævn farven for '{option}'",
     "Nevn fargen for '{option}'"),
    ("error.no_penalty_card_in_suit", "{offender} has no penalty card in {suit:name}: declarer may choose only "
                                      "{suits:or} ({law})",
     "{offender} har intet strafkort i {suit:name}: spilfører kan kun vælge {suits:or} ({law})",
     "{offender} har ikke noe straffekort i {suit:name}: spillefører kan bare velge {suits:or} ({law})"),
    ("error.require_one_suit", "Declarer may require one suit only ({law})", "Spilfører kan kun kræve én farve ({law})",
     "Spillefører kan bare kreve én farge ({law})"),
    ("error.only_declarer_chooses", "Only declarer ({declarer}) chooses the rectification ({law})",
     "Kun spilfører ({declarer}) vælger berigtigelsen ({law})", "Bare spillefører ({declarer}) velger korreksjonen ({law})"),
    ("error.designate_among", "Declarer designates one of {cards:or} ({law})",
     "Spilfører udpeger et af {cards:or} ({law})", "Spillefører utpeker ett av {cards:or} ({law})"),
    ("error.offender_on_lead", "{offender} holds the penalty card and is on lead himself: he must lead it, and declarer has "
                               "no lead options ({law})",
     "{offender} har selv strafkortet og er i udspil: han skal spille det ud, og spilfører har ingen valgmuligheder "
     "({law})",
     "{offender} har selv straffekortet og er i utspill: han må spille det ut, og spillefører har ingen valg ({law})"),
    ("error.no_lead_options", "Declarer has no lead options now: they arise only when the offender's partner is to "
                              "lead while a major penalty card lies on the table ({law})",
     "Spilfører har ingen udspilsvalg nu: de opstår kun, når den fejlendes makker skal spille ud, mens et stort "
     "strafkort ligger på bordet ({law})",
     "Spillefører har ingen utspillsvalg nå: de oppstår bare når den feilendes makker skal spille ut mens et stort "
     "straffekort ligger på bordet ({law})"),
    ("error.no_57_options", "No premature play is awaiting declarer's choice ({law})",
     "Intet for tidligt spillet kort venter på spilførers valg ({law})",
     "Ingen for tidlig spilt kort venter på spilleførers valg ({law})"),
    ("error.no_52_options", "No failure to play a penalty card is awaiting declarer's decision ({law})",
     "Der er ingen manglende spil af et strafkort, som venter på spilførers afgørelse ({law})",
     "Det er ikke noe manglende spill av et straffekort som venter på spilleførers avgjørelse ({law})"),
    ("error.nothing_to_designate", "There is nothing for declarer to designate ({law})",
     "Der er intet for spilfører at udpege ({law})", "Det er ingenting for spillefører å utpeke ({law})"),
    ("error.no_lead_out_of_turn", "There is no lead out of turn to accept or reject ({law})",
     "Der er intet udspil uden for tur at acceptere eller afvise ({law})",
     "Det er ikke noe utspill utenfor tur å akseptere eller avvise ({law})"),
    ("error.declarer_decides_lead", "Declarer ({declarer}) decides on a defender's lead out of turn ({law})",
     "Spilfører ({declarer}) afgør et udspil uden for tur fra en modspiller ({law})",
     "Spillefører ({declarer}) avgjør et utspill utenfor tur fra en motspiller ({law})"),
    ("error.defenders_decide_lead", "The defenders, not declarer's side, decide on declarer's lead out of turn ({law})",
     "Det er modspillerne, ikke spilførers side, der afgør spilførers udspil uden for tur ({law})",
     "Det er motspillerne, ikke spilleførers side, som avgjør spilleførers utspill utenfor tur ({law})"),
    ("error.no_spread", "Declarer may spread his hand and become dummy only after a faced opening lead out of turn "
                        "({law})",
     "Spilfører kan kun lægge kortene op og blive bord efter et vendt åbningsudspil uden for tur ({law})",
     "Spillefører kan bare legge ned kortene og bli blindemann etter et snudd åpningsutspill utenfor tur ({law})"),
    ("error.only_declarer_spreads", "Only the presumed declarer ({declarer}) may spread his hand ({law})",
     "Kun den formodede spilfører ({declarer}) kan lægge kortene op ({law})",
     "Bare den antatte spillefører ({declarer}) kan legge ned kortene ({law})"),
    ("error.not_a_lead", "A trick is in progress, so this is not a lead ({law})",
     "Et stik er i gang, så dette er ikke et udspil ({law})", "Et stikk pågår, så dette er ikke et utspill ({law})"),
    ("error.not_out_of_turn", "It is {seat}'s lead, so the lead is not out of turn ({law})",
     "Det er {seat}s udspil, så udspillet er ikke uden for tur ({law})",
     "Det er {seat}s utspill, så utspillet er ikke utenfor tur ({law})"),
    ("error.declarer_premature", "Declarer's premature play is simply played and stands if legal ({law})",
     "Spilførers for tidlige tilspil er spillet og står ved magt, hvis det er lovligt ({law})",
     "Spilleførers for tidlige tilspill er spilt og står hvis det er lovlig ({law})"),
    ("error.not_premature", "A premature play is a card led or played before partner has played to the trick ({law})",
     "Et for tidligt spillet kort er et kort, der spilles, før makker har spillet til stikket ({law})",
     "Et for tidlig spilt kort er et kort som spilles før makker har spilt til stikket ({law})"),
    ("error.no_rectification_57C1", "Declarer has played from both hands: no rectification for playing before partner "
                                    "({law})",
     "Spilfører har spillet fra begge hænder: ingen berigtigelse for at spille før makker ({law})",
     "Spillefører har spilt fra begge hender: ingen korreksjon for å spille før makker ({law})"),
    ("error.57_other_suit", "Options 3 and 4 name a suit other than the suit led ({law})",
     "Mulighed 3 og 4 nævner en anden farve end den udspillede ({law})",
     "Valg 3 og 4 nevner en annen farge enn den utspilte ({law})"),
    ("error.simultaneous_two", "List at least two cards played at once ({law})",
     "Angiv mindst to kort spillet på én gang ({law})", "Angi minst to kort spilt samtidig ({law})"),
    ("error.simultaneous_visible", "'visible' must list one or more of the cards played ({law})",
     "'visible' skal nævne et eller flere af de spillede kort ({law})",
     "'visible' må nevne ett eller flere av de spilte kortene ({law})"),
    ("error.simultaneous_revoke", "None of the visible cards follows suit: whichever {seat} names is a revoke ({law})",
     "Ingen af de synlige kort bekender: uanset hvilket {seat} vælger, er det en kulørsvigt ({law})",
     "Ingen av de synlige kortene følger farge: uansett hvilket {seat} velger, er det en revoke ({law})"),
    ("error.nothing_to_select", "There are no simultaneous cards to choose from ({law})",
     "Der er ingen samtidigt spillede kort at vælge imellem ({law})",
     "Det er ingen samtidig spilte kort å velge mellom ({law})"),
    ("error.wrong_selector", "{seat_expected}, who played the cards, names the one he plays ({law})",
     "{seat_expected}, som spillede kortene, siger, hvilket han spiller ({law})",
     "{seat_expected}, som spilte kortene, sier hvilket han spiller ({law})"),
    ("error.select_among", "Choose one of {cards:or} ({law})", "Vælg et af {cards:or} ({law})",
     "Velg ett av {cards:or} ({law})"),
    ("error.revoke_not_turn", "A corrected revoke is recorded at the offender's turn, before his legal card ({law})",
     "En rettet kulørsvigt noteres i den fejlendes tur, før hans lovlige kort ({law})",
     "En rettet revoke noteres i den feilendes tur, før hans lovlige kort ({law})"),
    ("error.not_a_revoke", "{card} is a legal card here, not a revoke ({law})",
     "{card} er et lovligt kort her, ikke en kulørsvigt ({law})", "{card} er et lovlig kort her, ikke en revoke ({law})"),
]


def esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def write(path: Path, lang: str | None) -> None:
    head = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            f'"Language: {lang or ""}\\n"\n\n')
    body = []
    for key, en, da, nb in M:
        tr = {"da": da, "nb": nb}.get(lang or "", "")
        body.append(f'msgctxt "{key}"\nmsgid "{esc(en)}"\nmsgstr "{esc(tr)}"\n')
    path.write_text(head + "\n".join(body), encoding="utf-8")


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent / "bridgelaws" / "i18n"
    (root / "da").mkdir(exist_ok=True)
    (root / "nb").mkdir(exist_ok=True)
    write(root / "engine.pot", None)
    write(root / "da" / "engine.po", "da")
    write(root / "nb" / "engine.po", "nb")
    print(f"{len(M)} messages")
