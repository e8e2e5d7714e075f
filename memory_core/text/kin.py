"""One vocabulary, in the bot's five languages, for the user's people and for the words with
which a user speaks of themselves.

Every reader takes its words from here: the statement rules ("meine Schwiegermutter heißt
Helga" → ``people.mother_in_law.name``), the question side ("what does my twin do?", "¿cómo
se llama mi gemela?"), the notes that say no more than a slot, the plain words a question is
read with ("my hubby" → "my husband"), the people view's kinds ("siblings" covers a twin) and
the bot's "your sister" in the user's language ("deine Schwester", "ta sœur").

A relation is a canonical English word of memory_core's ("sister", "mother in law": its key
segment is the slug, ``mother_in_law``); it is vocabulary, not the user's words. A block of
``_RELATIONS``::

    sister = family sibling +counted
        en: sister, sissy, ~sis | sisters
        de Schwester/f: schwester | schwestern
        ru сестра/f: сестра, сестру, сестр* | сёстры, сестры

The header names the relation, its key group (``family``, or ``people`` for friends, in-laws
and godparents, as the English rules key them), the kinds it is one of (a question about "my
siblings" asks about a twin) and flags (``+counted``: asked after without "my", "do I have
any cousins?"; ``+one``: held one at a time, so another name for one is a change, not a second
one). A language line gives the word the bot names the relation with (noun/gender:
m, f, n, or x for a word of either gender, "Freund(in)"; none for English), then the words
users say, singular | plural, lower case: the first is the plain word, ``~`` marks a
colloquial word a question is read with the plain one after "my" ("my sis" → "my sister";
``~~`` wherever it stands, "hubby" → "husband"), ``*`` a stem that only questions match
(Russian cases: "сестр*"), ``?`` a word that names anyone else too and the relation only
beside "my" ("meine Frau", not "eine Frau"; "Kind" beside "what kind"), ``^`` a word that
stands for the person only where no noun follows it ("mein Kleiner heißt Tim", not "mein
kleiner Bruder"; "ma petite ?", not "ma petite sœur"): after "my", before a verb, a
conjunction or the end. A word names one relation per language.

To add a word, put it on its language's line; to add a language, add its lines, its
possessives to ``_MY`` and its pronouns to ``_SELF``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from memory_core.text.spelling import french_plainly

LANGUAGES = ("en", "de", "es", "fr", "ru")

_RELATIONS = """
mother = family parent +one
    en: mother, mum, mom, ~mommy, ~mummy, ~momma, ~mama, ~ma | mothers, mums, moms
    de Mutter/f: mutter, mama, ~mami, ~mutti | mütter
    es madre/f: madre, mamá, ~mami, ~jefita, ^~vieja | madres
    fr mère/f: mère, mere, maman, ~daronne | mères
    ru мама/f: мама, мать, маму, мамы, маме, мамой, матери, мамочка, мамка, мамку, мамки,
        мамке, маманя, маманю, мам*, матер* | мамы
father = family parent +one
    en: father, dad, ~daddy, ~papa, ~pa | fathers, dads
    de Vater/m: vater, papa, ~papi, ~vati | väter
    es padre/m: padre, papá, ~papi, ^~viejo
    fr père/m: père, pere, papa, ~daron | pères
    ru папа/m: папа, отец, папу, отца, папы, папе, отцу, папой, отцом, батя, батю, бати, бате,
        батей, батька, батьку, папаша, папашу, пап*, отц* | отцы
parent = family
    en parent/x; father/m; mother/f: parent | parents, ~folks
    de Elternteil/m; Vater/m; Mutter/f: elternteil | eltern
    es padre o madre/x; padre/m; madre/f: | padres, papás, ^~viejos
    fr parent/m; père/m; mère/f: | parents
    ru родитель/m; отец/m; мать/f: родитель | родители, родителей, родителям, родителях,
        родител*
sister = family sibling +counted
    en: sister, ~sis, ~sissy | sisters
    de Schwester/f: schwester, ~~schwesterherz | schwestern
    es hermana/f: hermana, hermanita | hermanas
    fr sœur/f: sœur, soeur, ~frangine, ~sœurette | sœurs, soeurs
    ru сестра/f: сестра, сестру, сестре, сестрой, сестрёнка, сестренка, сестрёнку, сестренку,
        сестрёнки, сестренки, сестрёнке, сестренке, сеструха, сеструху, сестр* | сёстры,
        сестры, сестёр, сестрам
brother = family sibling +counted
    en: brother, ~bro | brothers
    de Bruder/m: bruder, bruders, ~brüderchen | brüder, brüdern
    es hermano/m: hermano, hermanito, ~carnal
    fr frère/m: frère, frere, ~frangin, ~frérot | frères, freres
    ru брат/m: брат, брата, брату, братом, брате, братик, братика, братику, братишка, братишку,
        братишки, братишке, братец, братца, брательник, брательника, брат* | братья, братьев,
        братьям
sibling = family +counted
    en sibling/x; brother/m; sister/f: sibling | siblings
    de Geschwisterteil/n; Bruder/m; Schwester/f: | geschwister, geschwistern
    es hermano o hermana/x; hermano/m; hermana/f: | hermanos
    fr frère ou sœur/x; frère/m; sœur/f: | frères et sœurs
    ru брат или сестра/x; брат/m; сестра/f: | братья и сёстры
twin = family sibling +counted
    en twin/x; twin brother/m; twin sister/f: twin | twins
    de Zwilling/m; Zwillingsbruder/m; Zwillingsschwester/f: zwilling, zwillingsbruder,
        zwillingsschwester | zwillinge, zwillingen
    es gemelo o gemela/x; gemelo/m; gemela/f: gemelo, gemela, mellizo/m, melliza/f | gemelos/m,
        gemelas/f, mellizos/m, mellizas/f
    fr jumeau ou jumelle/x; jumeau/m; jumelle/f: jumeau, jumelle, frère jumeau/m,
        sœur jumelle/f | jumeaux/m, jumelles/f
    ru близнец/x; брат-близнец/m; сестра-близнец/f: близнец, близнеца, брат-близнец,
        брата-близнеца/m, сестра-близнец, сестру-близнеца/f, близнец* | близнецы, близнецов
half sister = family sibling +counted
    en: half sister, half-sister | half sisters, half-sisters
    de Halbschwester/f: halbschwester | halbschwestern
    es media hermana/f: media hermana, medio hermana | medias hermanas
    fr demi-sœur/f: demi-sœur, demi-soeur | demi-sœurs, demi-soeurs
    ru единокровная сестра/f: единокровная сестра, единокровную сестру, единоутробная сестра,
        единоутробную сестру
half brother = family sibling +counted
    en: half brother, half-brother | half brothers, half-brothers
    de Halbbruder/m: halbbruder | halbbrüder
    es medio hermano/m: medio hermano | medios hermanos
    fr demi-frère/m: demi-frère, demi-frere | demi-frères, demi-freres
    ru единокровный брат/m: единокровный брат, единокровного брата, единоутробный брат,
        единоутробного брата
wife = family partner spouse +one
    en: wife, ~missus, ~missis, ~mrs, ~wifey, ~good lady | wives
    de Frau/f: ?frau, ehefrau, gattin
    es mujer/f: ?mujer, esposa
    fr femme/f: ?femme, épouse, epouse, ~bourgeoise
    ru жена/f: жена, жену, жены, жене, женой, супруга, супругу, благоверная, благоверную, жён*,
        жен*
husband = family partner spouse +one
    en: husband, ~~hubby | husbands
    de Mann/m: ?mann, ehemann, gatte
    es marido/m: marido, esposo
    fr mari/m: mari, époux, epoux, ?homme
    ru муж/m: муж, мужа, мужу, мужем, муже, супруг, муж* | мужья, мужей
partner = family partner +one
    en: partner, ~fella, ~feller, ~~other half, ~~better half, ~~significant other | partners
    de Partner(in)/x; Partner/m; Partnerin/f: partner, partnerin, lebensgefährte/m,
        lebensgefährtin/f, partner*, ~~bessere hälfte, ~schatz, ^~süße/f, ^~süßer/m,
        ^~liebste/f, ^~liebster/m
    es pareja/f: pareja, ~~media naranja
    fr partenaire/x; compagnon/m; compagne/f: partenaire, compagnon, compagne, conjoint/m,
        conjointe/f, conjoint*, compagn*, ~moitié, ~chéri/m, ~chérie/f | conjoints, compagnons/m,
        compagnes/f
    ru партнёр/x; партнёр/m; партнёрша/f: партнёр/m, партнер/m, партнёра/m, партнера/m,
        партнёрша, партнерша/f, партн*
spouse = family partner +one
    en: spouse | spouses
    de Ehepartner(in)/x; Ehepartner/m; Ehepartnerin/f: ehepartner, ehepartnerin
    es cónyuge/m: cónyuge, conyuge
    fr conjoint(e)/x; conjoint/m; conjointe/f:
    ru супруг(а)/x; супруг/m; супруга/f:
fiance = family partner +one
    en fiancé(e)/x; fiancé/m; fiancée/f: fiance/m, fiancé, fiancee/f, fiancée | fiances,
        fiancés, fiancees, fiancées
    de Verlobte(r)/x; Verlobter/m; Verlobte/f: verlobte, verlobter, verlobten
    es prometido o prometida/x; prometido/m; prometida/f: prometido, prometida
    fr fiancé(e)/x; fiancé/m; fiancée/f: fiancé, fiancée, fiance/m, fiancee/f
    ru жених или невеста/x; жених/m; невеста/f: жених, жениха/m, невеста, невесту/f, невесты/f
boyfriend = family partner +one
    en: boyfriend, ~bf | boyfriends
    de Freund/m: ?freund
    es novio/m: novio, ?~chico
    fr copain/m: ?copain, petit ami, petit copain, ?mec, ~chum, ~amoureux
    ru парень/m: ?парень, ?парня, ?парню, ?парнем, парн*, ?молодой человек, ?молодого человека,
        ?молодому человеку
girlfriend = family partner +one
    en: girlfriend, ~gf | girlfriends
    de Freundin/f: ?freundin
    es novia/f: novia, ?~chica
    fr copine/f: ?copine, petite amie, petite copine, ?meuf, ~blonde, ~amoureuse
    ru девушка/f: ?девушка, ?девушку, ?девушки, ?девушке, ?девушкой, девушк*
son = family child +counted
    en: son, ~lad, ~boy | sons
    de Sohn/m: sohn, ^~kleiner, ^~großer | söhne
    es hijo/m: hijo, hijito, primogénito, ~chavo, ~chamaco, ~nene, ~muchachito
    fr fils/m: fils, fiston, ~petit gars, ^~petit, ^aîné
    ru сын/m: сын, сына, сыну, сыном, сыне, сыночек, ^мелкий, ^мелкого, ^мелкому, ^мелким,
        ^старший, ^старшего, ^старшему, ^старшим, ?мальчик, ?мальчика, ?мальчику, ?мальчиком, сын*
        | сыновья, сыновей, сыновьям
daughter = family child +counted
    en: daughter | daughters
    de Tochter/f: tochter, ^~kleine, ^~große | töchter
    es hija/f: hija, hijita, primogénita, ~chava, ~chamaca, ~nena, ~muchachita | hijas
    fr fille/f: fille, ^~petite, ^aînée | filles
    ru дочь/f: дочь, дочку, дочка, дочке, дочкой, дочерью, ^мелкая, ^мелкую, ^мелкой,
        ^старшая, ^старшую, ^старшей, ?девочка, ?девочку, ?девочке, ?девочкой, доченька, доч*
        | дочери, дочки, дочерей
child = family +counted
    en child/x; son/m; daughter/f: child, kid, ~kiddo, firstborn, ^eldest, ^oldest, ^youngest
        | kids, children, ~~kiddos, ~~little ones, ~~kiddies
    de Kind/n; Sohn/m; Tochter/f: ?kind, kind* | kinder, kindern
    es hijo o hija/x; hijo/m; hija/f: niño/m, niña/f, ~peque | hijos, niños/m, niñas/f, ~peques,
        ~chavos, ~chamacos, ~críos, ~crios
    fr enfant/m; fils/m; fille/f: enfant, gamin/m, gamine/f, ~~gosse | enfants, gamins/m, ~~gosses
    ru ребёнок/m; сын/m; дочь/f: ребёнок, ребенок, ребёнка, ребенка, ребёнку, ребенку, ребёнком,
        ребенком, ребён*, ребен* | дети, детей, детям, детьми, детях, дет*
baby = family child
    en: baby, ~bub | babies
    de Baby/n: baby | babys
    es bebé/m: bebé, bebe | bebés
    fr bébé/m: bébé, bebe | bébés
    ru малыш/m: малыш, малыша, малышка, малышку
grandmother = family grandparent
    en: grandmother, grandma, granny, ~nan, ~nana, ~nanna, ~gran, ~grandmom, ~gramma
        | grandmothers, grandmas
    de Oma/f: oma, großmutter, ~omi | omas, großmütter
    es abuela/f: abuela, ~abuelita, ~yaya | abuelas
    fr grand-mère/f: grand-mère, grand-mere, ~mamie, ~mémé, ~meme, ~mamy | grands-mères
    ru бабушка/f: бабушка, бабушку, бабушки, бабушке, бабушкой, бабуля, бабулю, бабули,
        бабуле, бабушк*, бабул* | бабушки
grandfather = family grandparent
    en: grandfather, grandpa, ~gramps, ~grandad, ~granddad | grandfathers, grandpas
    de Opa/m: opa, großvater, ~opi | opas, großväter
    es abuelo/m: abuelo, ~abuelito, ~yayo
    fr grand-père/m: grand-père, grand-pere, ~papy, ~papi, ~pépé, ~pepe | grands-pères
    ru дедушка/m: дедушка, дедушку, дедушки, дедушке, дедушкой, дед, деда, дедуля, дедулю,
        дедушк*, дедул* | деды
grandparent = family
    en: grandparent, grand* | grandparents
    de: | großeltern
    es: | abuelos
    fr: | grands-parents
    ru: | бабушка и дедушка
grandson = family grandchild +counted
    en: grandson | grandsons
    de Enkelsohn/m: enkelsohn | enkelsöhne
    es nieto/m: nieto
    fr petit-fils/m: petit-fils
    ru внук/m: внук, внука, внуку, внуком, внучок
granddaughter = family grandchild +counted
    en: granddaughter | granddaughters
    de Enkelin/f: enkelin, enkeltochter | enkelinnen
    es nieta/f: nieta | nietas
    fr petite-fille/f: petite-fille | petites-filles
    ru внучка/f: внучка, внучку, внучки, внучке, внучкой | внучек
grandchild = family +counted
    en: grandchild, grandkid | grandchildren, grandkids
    de Enkelkind/n; Enkel/m; Enkelin/f: enkelkind, enkel | enkelkinder, enkel*
    es nieto(a)/x; nieto/m; nieta/f: | nietos, nietos y nietas
    fr petit-enfant/m; petit-fils/m; petite-fille/f: petit-enfant | petits-enfants
    ru внук или внучка/x; внук/m; внучка/f: | внуки, внуков, внукам, внуки и внучки
aunt = family
    en: aunt, ~auntie, ~aunty | aunts
    de Tante/f: tante | tanten
    es tía/f: tía, tia | tías
    fr tante/f: tante, ~tata | tantes
    ru тётя/f: тётя, тетя, тётю, тетю, тёти, тети, тёт*, тет* | тёти
uncle = family
    en: uncle | uncles
    de Onkel/m: onkel
    es tío/m: tío, tio | tíos
    fr oncle/m: oncle, ~tonton | oncles
    ru дядя/m: дядя, дядю, дяди, дяде, дядей, дяд* | дяди
cousin = family +counted
    en: cousin | cousins
    de Cousin(e)/x; Cousin/m; Cousine/f: cousin, cousine, kusine/f | cousins, cousinen/f
    es primo(a)/x; primo/m; prima/f: primo, prima | primos, primas/f
    fr cousin(e)/x; cousin/m; cousine/f: cousin, cousine | cousins, cousines/f
    ru двоюродный брат или сестра/x; двоюродный брат/m; двоюродная сестра/f: двоюродный брат,
        двоюродного брата/m, двоюродная сестра, двоюродную сестру/f, кузен/m, кузена/m,
        кузина/f, кузину/f | двоюродные братья/m, двоюродные сёстры/f
niece = family +counted
    en: niece | nieces
    de Nichte/f: nichte | nichten
    es sobrina/f: sobrina | sobrinas
    fr nièce/f: nièce, niece | nièces
    ru племянница/f: племянница, племянницу, племянницы, племянниц*
nephew = family +counted
    en: nephew | nephews
    de Neffe/m: neffe | neffen
    es sobrino/m: sobrino | sobrinos
    fr neveu/m: neveu | neveux
    ru племянник/m: племянник, племянника, племяннику, племянник* | племянники
stepmother = family +one
    en: stepmother, stepmom, step mom, step-mother, step-mom, stepmum
    de Stiefmutter/f: stiefmutter
    es madrastra/f: madrastra
    fr belle-mère/f:
    ru мачеха/f: мачеха, мачеху, мачехи
stepfather = family +one
    en: stepfather, stepdad, step dad, step-father, step-dad
    de Stiefvater/m: stiefvater
    es padrastro/m: padrastro
    fr beau-père/m:
    ru отчим/m: отчим, отчима
stepson = family
    en: stepson, step-son | stepsons
    de Stiefsohn/m: stiefsohn
    es hijastro/m: hijastro
    fr beau-fils/m: beau-fils
    ru пасынок/m: пасынок, пасынка
stepdaughter = family
    en: stepdaughter, step-daughter | stepdaughters
    de Stieftochter/f: stieftochter
    es hijastra/f: hijastra
    fr belle-fille/f:
    ru падчерица/f: падчерица, падчерицу
stepchild = family +counted
    en: stepchild, stepkid | stepchildren, stepkids
    de Stiefkind/n: stiefkind | stiefkinder
    es: | hijastros
    fr: | beaux-enfants
stepsister = family
    en: stepsister, step-sister, step sister | stepsisters
    de Stiefschwester/f: stiefschwester
    es hermanastra/f: hermanastra
    fr demi-sœur/f: quasi-sœur
    ru сводная сестра/f: сводная сестра, сводную сестру
stepbrother = family
    en: stepbrother, step-brother, step brother | stepbrothers
    de Stiefbruder/m: stiefbruder
    es hermanastro/m: hermanastro
    fr demi-frère/m: quasi-frère
    ru сводный брат/m: сводный брат, сводного брата
godmother = people godparent
    en: godmother | godmothers
    de Patentante/f: patentante, patin, taufpatin
    es madrina/f: madrina
    fr marraine/f: marraine
    ru крёстная/f: крёстная, крестная, крёстную, крестную, крёстной, крестной
godfather = people godparent
    en: godfather | godfathers
    de Patenonkel/m: patenonkel, pate, taufpate
    es padrino/m: padrino
    fr parrain/m: parrain
    ru крёстный/m: крёстный, крестный, крёстного, крестного, крёстному
godparent = people +counted
    en: godparent | godparents
    de: | paten
    es: | padrinos
    fr: | parrain et marraine
godchild = people +counted
    en godchild/x; godson/m; goddaughter/f: godchild, godson, goddaughter | godchildren
    de Patenkind/n: patenkind | patenkinder
    es ahijado(a)/x; ahijado/m; ahijada/f: ahijado, ahijada | ahijados
    fr filleul(e)/x; filleul/m; filleule/f: filleul, filleule | filleuls
    ru крестник/m; крестник/m; крестница/f: крестник/m, крестница, крестника/m, крестницу/f
mother in law = people in_law +one
    en: mother in law, mother-in-law | mothers-in-law
    de Schwiegermutter/f: schwiegermutter
    es suegra/f: suegra
    fr belle-mère/f: belle-mère, belle-mere
    ru свекровь или тёща/f: свекровь, тёща, теща, тёщу, тещу
father in law = people in_law +one
    en: father in law, father-in-law | fathers-in-law
    de Schwiegervater/m: schwiegervater
    es suegro/m: suegro
    fr beau-père/m: beau-père, beau-pere
    ru свёкор или тесть/m: свёкор, свекор, свёкра, свекра, тесть, тестя
sister in law = people in_law
    en: sister in law, sister-in-law | sisters-in-law
    de Schwägerin/f: schwägerin
    es cuñada/f: cuñada
    fr belle-sœur/f: belle-sœur, belle-soeur
    ru золовка или свояченица/f: золовка, золовку, свояченица, свояченицу
brother in law = people in_law
    en: brother in law, brother-in-law | brothers-in-law
    de Schwager/m: schwager
    es cuñado/m: cuñado
    fr beau-frère/m: beau-frère, beau-frere
    ru шурин или деверь/m: шурин, шурина, деверь, деверя, свояк, свояка
son in law = people in_law
    en: son in law, son-in-law | sons-in-law
    de Schwiegersohn/m: schwiegersohn
    es yerno/m: yerno
    fr gendre/m: gendre
    ru зять/m: зять, зятя
daughter in law = people in_law
    en: daughter in law, daughter-in-law | daughters-in-law
    de Schwiegertochter/f: schwiegertochter
    es nuera/f: nuera
    fr belle-fille/f: belle-fille
    ru невестка/f: невестка, невестку, сноха, сноху
in law = people +counted
    en: | in-laws, in laws
    de: | schwiegereltern
    es: | suegros
    fr: | beaux-parents
    ru: | родственники мужа, родственники жены
friend = people friend
    en: friend, buddy, pal, mate | friends, buddies, pals, mates
    de Freund(in)/x; Freund/m; Freundin/f: kumpel/m, freund* | freunde, freundinnen/f
    es amigo(a)/x; amigo/m; amiga/f: amigo, amiga | amigos, amigas/f
    fr ami(e)/x; ami/m; amie/f: ami, amie, pote, ami* | amis, amies/f, potes
    ru друг/m; друг/m; подруга/f: друг/m, друга/m, другу/m, подруга, подругу/f, подруге/f, друг*,
        подруг* | друзья, друзей, подруги/f, друз*
best friend = people friend
    en: best friend, bestie, bff, best mate | best friends
    de beste(r) Freund(in)/x; bester Freund/m; beste Freundin/f: bester freund, beste freundin
    es mejor amigo(a)/x; mejor amigo/m; mejor amiga/f: mejor amigo, mejor amiga
    fr meilleur(e) ami(e)/x; meilleur ami/m; meilleure amie/f: meilleur ami, meilleure amie
    ru лучший друг/m; лучший друг/m; лучшая подруга/f: лучший друг/m, лучшего друга/m,
        лучшая подруга, лучшую подругу/f
boss = people +one
    en: boss | bosses
    de Chef(in)/x; Chef/m; Chefin/f: chef, chefin, chef*
    es jefe(a)/x; jefe/m; jefa/f: jefe, jefa
    fr patron(ne)/x; patron/m; patronne/f: patron, patronne, patron*
    ru начальник/m; начальник/m; начальница/f: начальник/m, начальника/m, начальница,
        начальницу/f, начальник*
manager = people +one
    en: manager | managers
    de Vorgesetzte(r)/x; Vorgesetzter/m; Vorgesetzte/f: vorgesetzte, vorgesetzter, vorgesetzten
    es jefe(a)/x; jefe/m; jefa/f:
    fr manager/m: manager, responsable
    ru руководитель/m: руководитель, руководителя
colleague = people
    en: colleague, coworker, co-worker, co worker, workmate | colleagues, coworkers,
        co-workers, workmates
    de Kollege oder Kollegin/x; Kollege/m; Kollegin/f: kollege, kollegin, kolleg* | kollegen,
        kolleginnen/f
    es compañero(a) de trabajo/x; compañero de trabajo/m; compañera de trabajo/f:
        compañero de trabajo, compañera de trabajo | compañeros de trabajo
    fr collègue/x: collègue, collegue | collègues
    ru коллега/x: коллега, коллегу | коллеги, коллег
neighbor = people
    en: neighbor, neighbour | neighbors, neighbours
    de Nachbar(in)/x; Nachbar/m; Nachbarin/f: nachbar, nachbarin | nachbarn
    es vecino(a)/x; vecino/m; vecina/f: vecino, vecina | vecinos
    fr voisin(e)/x; voisin/m; voisine/f: voisin, voisine | voisins
    ru сосед/m; сосед/m; соседка/f: сосед/m, соседа/m, соседка, соседку/f, соседки/f | соседи
roommate = people
    en: roommate, room mate, flatmate, housemate | roommates, flatmates, housemates
    de Mitbewohner(in)/x; Mitbewohner/m; Mitbewohnerin/f: mitbewohner, mitbewohnerin
    es compañero(a) de piso/x; compañero de piso/m; compañera de piso/f: compañero de piso,
        compañera de piso
    fr colocataire/x: colocataire, coloc
    ru сосед по квартире/m:
classmate = people
    en: classmate | classmates
    de Mitschüler(in)/x; Mitschüler/m; Mitschülerin/f: mitschüler, mitschülerin
    es compañero(a) de clase/x; compañero de clase/m; compañera de clase/f: compañero de clase,
        compañera de clase
    fr camarade de classe/x:
    ru одноклассник/m: одноклассник, одноклассница
teammate = people
    en: teammate | teammates
    de Teamkollege oder -kollegin/x; Teamkollege/m; Teamkollegin/f:
    es compañero(a) de equipo/x; compañero de equipo/m; compañera de equipo/f:
    fr coéquipier(ère)/x; coéquipier/m; coéquipière/f: coéquipier, coéquipière
    ru товарищ по команде/m:
teacher = people
    en: teacher, professor | teachers
    de Lehrer(in)/x; Lehrer/m; Lehrerin/f:
    es profesor(a)/x; profesor/m; profesora/f:
    fr prof/x:
    ru учитель/m:
coach = people
    en: coach
    de Trainer(in)/x; Trainer/m; Trainerin/f:
    es entrenador(a)/x; entrenador/m; entrenadora/f:
    fr coach/m:
    ru тренер/m:
mentor = people
    en: mentor
    de Mentor(in)/x; Mentor/m; Mentorin/f:
    es mentor(a)/x; mentor/m; mentora/f:
    fr mentor/m:
    ru наставник/m:
doctor = people +one
    en: doctor, gp, physician, ~doc | doctors, gps
    de Arzt oder Ärztin/x; Arzt/m; Ärztin/f: arzt, ärztin, hausarzt/m, hausärztin/f, doktor/m,
        ärzt* | ärzte
    es médico(a)/x; médico/m; médica/f: médico, médica, doctor/m, doctora/f, médic* | médicos
    fr médecin/m: médecin, docteur/m, docteure/f, généraliste, médecin traitant, ~toubib
        | médecins
    ru врач/m: врач, врача, врачу, врачом, доктор, доктора, доктору, доктором, терапевт, терапевта,
        терапевту, врач* | врачи
therapist = people +one
    en: therapist
    de Therapeut(in)/x; Therapeut/m; Therapeutin/f:
    es terapeuta/x:
    fr thérapeute/x:
    ru психотерапевт/m:
landlord = people +one
    en: landlord, landlady
    de Vermieter(in)/x; Vermieter/m; Vermieterin/f:
    es casero(a)/x; casero/m; casera/f:
    fr propriétaire/x:
    ru арендодатель/m:
ex = people
    en: ex
    de Ex/x: ex
    es ex/x: ex
    fr ex/x: ex
    ru бывший или бывшая/m:
ex wife = people ex
    en: ex wife, ex-wife
    de Ex-Frau/f: ex-frau, exfrau
    es exmujer/f: exmujer, exesposa
    fr ex-femme/f: ex-femme
    ru бывшая жена/f: бывшая жена, бывшую жену
ex husband = people ex
    en: ex husband, ex-husband
    de Ex-Mann/m: ex-mann, exmann
    es exmarido/m: exmarido, exesposo
    fr ex-mari/m: ex-mari
    ru бывший муж/m: бывший муж, бывшего мужа
ex boyfriend = people ex
    en: ex boyfriend, ex-boyfriend
    de Ex-Freund/m: ex-freund
    es exnovio/m: exnovio
    fr ex-copain/m: ex-copain
    ru бывший парень/m: бывший парень, бывшего парня
ex girlfriend = people ex
    en: ex girlfriend, ex-girlfriend
    de Ex-Freundin/f: ex-freundin
    es exnovia/f: exnovia
    fr ex-copine/f: ex-copine
    ru бывшая девушка/f: бывшая девушка, бывшую девушку
"""

#: The user's animals as the bot names them back ("deine Katze", "ton chien"): display only
#: (the species words statements are read with are the extractor's).
_ANIMALS = """
    pet: de Haustier/n | fr animal/m | es mascota/f | ru питомец/m
    cat: de Katze/f | fr chat/m | es gato/m | ru кошка/f
    dog: de Hund/m | fr chien/m | es perro/m | ru собака/f
    male cat: de Kater/m | fr chat/m | es gato/m | ru кот/m
    female cat: de Katze/f | fr chatte/f | es gata/f | ru кошка/f
    male dog: de Hund/m | fr chien/m | es perro/m | ru пёс/m
    female dog: de Hündin/f | fr chienne/f | es perra/f | ru собака/f
    rabbit: de Kaninchen/n | fr lapin/m | es conejo/m | ru кролик/m
    hamster: de Hamster/m | fr hamster/m | es hámster/m | ru хомяк/m
    guinea pig: de Meerschweinchen/n | fr cochon d'Inde/m | es cobaya/f | ru морская свинка/f
    parrot: de Papagei/m | fr perroquet/m | es loro/m | ru попугай/m
    bird: de Vogel/m | fr oiseau/m | es pájaro/m | ru птица/f
    fish: de Fisch/m | fr poisson/m | es pez/m | ru рыбка/f
    horse: de Pferd/n | fr cheval/m | es caballo/m | ru лошадь/f
    turtle: de Schildkröte/f | fr tortue/f | es tortuga/f | ru черепаха/f
    tortoise: de Schildkröte/f | fr tortue/f | es tortuga/f | ru черепаха/f
    snake: de Schlange/f | fr serpent/m | es serpiente/f | ru змея/f
    lizard: de Eidechse/f | fr lézard/m | es lagarto/m | ru ящерица/f
    ferret: de Frettchen/n | fr furet/m | es hurón/m | ru хорёк/m
    mouse: de Maus/f | fr souris/f | es ratón/m | ru мышь/f
    rat: de Ratte/f | fr rat/m | es rata/f | ru крыса/f
"""
#: Spoken forms of an animal the bot names like the plain one ("kitten" → "cat").
_ANIMAL_SAME = {
    **{"professor": "teacher", "puppy": "dog", "kitten": "cat", "bunny": "rabbit"},
    **{"budgie": "parrot", "goldfish": "fish", "pony": "horse"},
}


@dataclass(frozen=True, slots=True)
class Relation:
    """One relation of the table: its key group, kinds, flags, words and names by language."""

    word: str
    group: str
    kinds: frozenset[str]
    counted: bool
    #: ``+one``: held one at a time (a mother, a husband, a boss): another name said for one is a
    #: change or a mistake, never a second one beside the first (a sister, a son, a dog may be).
    one: bool = False
    #: language → (noun, gender) the bot names the relation with.
    names: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: language → gender (m, f) → the noun for one of that gender ("Cousine", "gemela").
    gendered: dict[str, dict[str, str]] = field(default_factory=dict)
    #: language → word → the gender it says ("gemela": f, "Zwillingsbruder": m).
    genders: dict[str, dict[str, str]] = field(default_factory=dict)
    #: language → the singular words (stems end in ``*``), the first the plain one.
    singular: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: language → the plural words.
    plural: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: language → colloquial words ("hubby"): read plainly anywhere (``True``) or after "my".
    colloquial: dict[str, dict[str, bool]] = field(default_factory=dict)
    #: language → words that name the relation only beside "my" ("Frau", "femme", "Kind").
    beside_my: dict[str, frozenset[str]] = field(default_factory=dict)
    #: language → adjectives that stand for the person where no noun follows ("Kleiner").
    standing: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def slug(self) -> str:
        """The relation as a key segment: "mother in law" → ``mother_in_law``."""
        return self.word.replace(" ", "_")


_LANG_LINE = re.compile(r"^(?P<lang>[a-z]{2})(?:\s+(?P<names>[^:]+?))?\s*:(?P<w>.*)$")
_NAMED = re.compile(r"^(?P<noun>.+?)/(?P<g>[mfnx])$")


def _marked_words(
    said: str,
) -> tuple[tuple[str, ...], dict[str, bool], set[str], set[str], dict[str, str]]:
    """The words of one side of a line, those of them marked colloquial (``True``: read
    plainly wherever it stands, "~~hubby"; ``False``: after "my", "~sis"), those marked
    ``?`` (the relation only beside "my", "?frau"), those marked ``^`` (standing for the
    person where no noun follows, "^~kleiner") and the genders words say ("melliza/f")."""
    words, colloquial, beside, standing, genders = [], {}, set(), set(), {}
    for raw in (w.strip() for w in said.split(",")):
        if not raw:
            continue
        if (marked := _NAMED.match(raw)) is not None:
            raw = marked["noun"]
            genders[" ".join(raw.lstrip("?^~").split())] = marked["g"]
        if raw.startswith("?"):
            raw = raw[1:]
            beside.add(" ".join(raw.lstrip("~").split()))
        if raw.startswith("^"):
            raw = raw[1:]
            standing.add(" ".join(raw.lstrip("~").split()))
        word = " ".join(raw.lstrip("~").split())
        if raw.startswith("~"):
            colloquial[word] = raw.startswith("~~")
        words.append(word)
    return tuple(words), colloquial, beside, standing, genders


def _parse(table: str) -> dict[str, Relation]:
    """``_RELATIONS`` as relations by their word (a line that starts deeper than a language
    line goes on the line before)."""
    lines: list[str] = []
    for line in table.splitlines():
        if line.startswith("        ") and lines:
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line)
    out: dict[str, Relation] = {}
    current: Relation | None = None
    for line in lines:
        if not line.startswith(" "):
            word, _, rest = line.partition("=")
            parts = rest.split()
            current = Relation(
                " ".join(word.split()),
                parts[0],
                frozenset(p.replace("_", " ") for p in parts[1:] if not p.startswith("+")),
                "+counted" in parts,
                "+one" in parts,
            )
            out[current.word] = current
            continue
        m = _LANG_LINE.match(line.strip())
        if current is None or m is None:
            raise ValueError(f"kin table: cannot read {line.strip()!r}")
        lang = m["lang"]
        if m["names"]:
            _name_forms(current, lang, m["names"])
        one, _, many = m["w"].partition("|")
        (singular, c1, b1, s1, g1) = _marked_words(one)
        (plural, c2, b2, s2, g2) = _marked_words(many)
        current.singular[lang], current.plural[lang] = singular, plural
        current.colloquial[lang] = c1 | c2
        current.beside_my[lang] = frozenset(b1 | b2)
        current.standing[lang] = frozenset(s1 | s2)
        # A masculine plural names boys and girls together ("niños", "gamins"): no gender.
        current.genders[lang] = g1 | {w: g for w, g in g2.items() if g != "m"}
        _word_genders(current, lang)
    return out


def _name_forms(rel: Relation, lang: str, names: str) -> None:
    """ "Cousin(e)/x; Cousin/m; Cousine/f": the noun the bot names the relation with, then
    the nouns for one of a known gender."""
    forms = []
    for form in names.split(";"):
        m = _NAMED.match(form.strip())
        if m is None:
            raise ValueError(f"kin table: cannot read the name {form.strip()!r}")
        forms.append((m["noun"], m["g"]))
    rel.names[lang] = forms[0]
    rel.gendered[lang] = {g: noun for noun, g in forms[1:] if g in "mf"}


def _word_genders(rel: Relation, lang: str) -> None:
    """The gender of the person each word of ``lang`` says: its own mark ("melliza/f") or a
    gendered noun's ("gemela", "Zwillingsschwester")."""
    marked = rel.genders.setdefault(lang, {})
    for g, noun in rel.gendered.get(lang, {}).items():
        marked.setdefault(noun.lower(), g)


def _sexed(relations: dict[str, Relation]) -> dict[str, Relation]:
    """Every word of a relation of one gender in every language that names it ("sister":
    Schwester, hermana, sœur, сестра) says that gender; a noun's grammatical gender alone
    ("pareja", "bebé", "Zwilling") does not."""
    for rel in relations.values():
        said = {g for _, g in rel.names.values()}
        if len(rel.names) < 2 or len(said) != 1 or not said <= {"m", "f"}:
            continue
        (sex,) = said
        for lang in rel.singular:
            # A masculine plural may name either ("hermanos", "frères"): only a feminine one
            # tells.
            plural = rel.plural.get(lang, ()) if sex == "f" else ()
            for w in (*rel.singular[lang], *plural):
                if not w.endswith("*"):
                    rel.genders.setdefault(lang, {}).setdefault(w, sex)
    return relations


def _display(table: str) -> dict[str, dict[str, tuple[str, str]]]:
    """``_ANIMALS`` as {animal: {language: (noun, gender)}}."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for line in filter(None, map(str.strip, table.splitlines())):
        animal, _, forms = line.partition(":")
        out[animal] = {}
        for form in forms.split("|"):
            lang, _, word = form.strip().partition(" ")
            noun, _, gender = word.rpartition("/")
            out[animal][lang] = (noun, gender)
    return out


RELATIONS: dict[str, Relation] = _sexed(_parse(_RELATIONS))
_ANIMAL_NAMES = _display(_ANIMALS)


def _index() -> dict[str, dict[str, str]]:
    """language → {word: relation} (stems left out); a word names one relation a language."""
    index: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    twice = []
    for rel in RELATIONS.values():
        for lang in rel.singular:
            for word in (*rel.singular[lang], *rel.plural[lang]):
                if word.endswith("*"):
                    continue
                if index[lang].get(word, rel.word) != rel.word:
                    twice.append(f"{lang} {word!r}")
                index[lang][word] = rel.word
    if twice:
        raise ValueError(f"kin table: words that name two relations: {', '.join(twice)}")
    return index


_WORD_INDEX = _index()


def relation_words(
    lang: str, group: str | None = None, *, plural: bool = True, standing: bool = False
) -> dict[str, str]:
    """The words of ``lang`` for the user's people → their relation ("schwester" →
    "sister"); ``group``: only relations keyed under it (``family``, ``people``);
    ``plural``: the plural words too; ``standing``: the adjectives that stand for a person
    too ("Kleiner": for a reading that wants a verb right after it, "mein Kleiner heißt …")."""
    return {
        w: r
        for w, r in _WORD_INDEX.get(lang, {}).items()
        if (group is None or RELATIONS[r].group == group)
        and (plural or w in RELATIONS[r].singular.get(lang, ()))
        and (standing or w not in RELATIONS[r].standing.get(lang, ()))
    }


def relation_of(word: str, lang: str = "en") -> str | None:
    """The relation a word of ``lang`` names ("hubby" → "husband"), or ``None``."""
    return _WORD_INDEX.get(lang, {}).get(" ".join(word.lower().split()))


def plural_words(
    lang: str, *, counted: bool = True, group: str | None = None, plain: bool = False
) -> frozenset[str]:
    """The plural words of ``lang`` ("Geschwister", "primos"); ``counted``: only the
    relations one asks after without "my" ("do I have cousins?"); ``group``: only relations
    keyed under it; ``plain``: no colloquial word ("kiddos") nor stem."""
    return frozenset(
        w
        for rel in RELATIONS.values()
        if (rel.counted or not counted) and (group is None or rel.group == group)
        for w in rel.plural.get(lang, ())
        if not plain or (w not in rel.colloquial.get(lang, {}) and not w.endswith("*"))
    )


def all_words(*, english: bool = True, standing: bool = True) -> frozenset[str]:
    """Every word (not stem) of the table, in every language (or all but English);
    ``standing``: the adjectives that stand for a person too ("Kleine", "petite", "мелкий";
    without them "Kleine Kinder sind laut" opens with no word for anyone's people)."""
    return frozenset(
        w
        for lang, words in _WORD_INDEX.items()
        if english or lang != "en"
        for w, r in words.items()
        if standing or w not in RELATIONS[r].standing.get(lang, ())
    )


def kinds() -> dict[str, frozenset[str]]:
    """Each kind → the relations it covers ("sibling" → brother, sister, twin, …)."""
    out: dict[str, set[str]] = {}
    for rel in RELATIONS.values():
        for kind in rel.kinds:
            out.setdefault(kind, set()).add(rel.word)
    return {kind: frozenset(rels) for kind, rels in out.items()}


#: Words that may stand between "my" and one of the user's people or animals ("my older
#: sister", "my late father", "my old dog"): the readers add their own.
BEFORE_A_RELATION = tuple(
    """older younger little big baby twin eldest oldest youngest elder new lovely beautiful
    sweet old late adorable fluffy rescue other teenage teen grown-up adult toddler""".split()
)


# ---- naming a relation in the user's language ------------------------------------------------

#: The possessive "your" by the noun's gender. "x", a noun for either gender ("Freund(in)",
#: "collègue"), is named by both ("dein Freund oder deine Freundin", "ton ou ta collègue":
#: ``_either``), never with a slash or brackets.
_POSSESSIVE_OF = {
    "de": {"m": "dein", "f": "deine", "n": "dein"},
    "fr": {"m": "ton", "f": "ta", "n": "ton"},
    "es": {"m": "tu", "f": "tu", "n": "tu"},
    "ru": {"m": "твой", "f": "твоя", "n": "твоё"},
}
#: "or" between the two forms of a relation of untold gender.
_OR = {"de": "oder", "fr": "ou", "es": "o", "ru": "или"}
_VOWEL = tuple("aeiouyàâéèêëîïôûù")


def _display_name(lang: str, relation: str) -> tuple[str, str] | None:
    key = " ".join(relation.lower().replace("_", " ").replace("-", " ").split())
    key = _ANIMAL_SAME.get(key, key)
    rel = RELATIONS.get(key)
    if rel is None:
        plain = relation_of(key, "en")
        rel = RELATIONS.get(plain) if plain else None
    if rel is not None:
        return rel.names.get(lang)
    return _ANIMAL_NAMES.get(key, {}).get(lang)


def _relation_named(relation: str) -> Relation | None:
    key = " ".join(relation.lower().replace("_", " ").replace("-", " ").split())
    plain = key if key in RELATIONS else relation_of(key, "en")
    return RELATIONS.get(plain) if plain else None


def relation_noun(lang: str, relation: str, gender: str | None) -> str | None:
    """The noun for one of ``relation`` of a known ``gender`` (m, f) in ``lang`` ("sibling",
    f: "sister", "Schwester"; "twin", m: "twin brother", "gemelo"), or ``None``."""
    rel = _relation_named(relation)
    if rel is None or gender is None:
        return None
    return rel.gendered.get(lang, {}).get(gender)


def your_relation(lang: str, relation: str, gender: str | None = None) -> str | None:
    """ "your <relation>" in ``lang`` with the possessive agreeing ("ta sœur", "dein Bruder"),
    the noun for their ``gender`` where it is known and the language has one ("deine
    Cousine", "tu gemela", "твоя сестра-близнец"), or ``None``: English, or a relation
    whose word the table lacks or whose gender it does not tell."""
    found = _display_name(lang, relation)
    if found is None or lang not in _POSSESSIVE_OF:
        return None
    noun, grammatical = found
    if gender is not None and (sexed := relation_noun(lang, relation, gender)) is not None:
        noun, grammatical = sexed, gender
    if grammatical == "x":
        return _either(lang, relation, noun)
    return _possessed(lang, noun, grammatical)


def _possessed(lang: str, noun: str, gender: str) -> str:
    """ "your" ``noun`` in ``lang``, the possessive agreeing with ``gender``."""
    possessive = _POSSESSIVE_OF[lang][gender]
    if lang == "fr" and gender == "f" and noun.startswith(_VOWEL):
        possessive = "ton"  # "ton ex-femme", as French does before a vowel
    return f"{possessive} {noun}"


def _either(lang: str, relation: str, noun: str) -> str:
    """One of ``relation`` whose gender is not told, in words that need none: both nouns
    with their possessives ("dein Cousin oder deine Cousine", "твой брат или твоя сестра"),
    or both possessives before a noun of either ("ton ou ta collègue") — not "dein(e)
    Cousin(e)", "ton/ta collègue"."""
    rel = _relation_named(relation)
    forms = rel.gendered.get(lang, {}) if rel is not None else {}
    his, hers = _POSSESSIVE_OF[lang]["m"], _POSSESSIVE_OF[lang]["f"]
    if "m" in forms and "f" in forms:
        if his == hers:
            return f"{his} {forms['m']} {_OR[lang]} {forms['f']}"  # "tu primo o prima"
        his, hers = _possessed(lang, forms["m"], "m"), _possessed(lang, forms["f"], "f")
        return f"{his} {_OR[lang]} {hers}"
    if his == hers:
        return f"{his} {noun}"  # "tu terapeuta"
    if lang == "fr" and noun.startswith(_VOWEL):
        return f"{his} {noun}"  # "ton ex": French says "ton" before a vowel either way
    return f"{his} {_OR[lang]} {hers} {noun}"


def relation_plural(lang: str, slug: str) -> str | None:
    """The plain plural word of ``lang`` for a relation given by its key segment
    (``child``, ``es`` → "hijos"; German as a noun: "Kinder"), or ``None``: the table has
    none."""
    rel = RELATIONS.get(slug.replace("_", " "))
    words = rel.plural.get(lang, ()) if rel is not None else ()
    plain = next((w for w in words if not w.endswith("*")), None)
    if plain is None:
        return None
    return plain[:1].upper() + plain[1:] if lang == "de" else plain


# ---- the user speaking of themselves -------------------------------------------------------

#: The words with which a user names themselves, by language: (singular, plural). ``*``: a
#: stem ("mein*": meine, meinem …).
_SELF = {
    "en": ("i i'm im i've i'd i'll me my mine myself", "we we're us our ours"),
    "de": ("ich mich mir mein*", "wir uns unser*"),
    "es": (
        "yo mi mis mí conmigo mío mía míos mías mio mia mios mias",
        "nosotros nosotras nuestro nuestra nuestros nuestras nos",
    ),
    "fr": ("je j m moi mon ma mes", "nous notre nos"),
    "ru": (
        "я меня мне мной мой моя моё мое мои мою моего моему моей моею моим моих моём моем моими",
        "мы нас нам нами наш*",
    ),
}


def _alternation(words: frozenset[str] | set[str] | tuple[str, ...]) -> str:
    """A regex alternation of ``words`` (``*``: any word characters after), longest first."""
    parts = []
    for w in sorted(set(words), key=len, reverse=True):
        stem = w.endswith("*")
        body = re.escape(w.rstrip("*")).replace(r"\ ", r"\s+")
        parts.append(body + (r"\w*" if stem else ""))
    return "|".join(parts)


def self_words(*, plural: bool = True) -> frozenset[str]:
    """The words (``*`` stems) a user names themselves with, every language; ``plural``:
    "we", "our" too."""
    return frozenset(
        w for one, many in _SELF.values() for w in (one + " " + many if plural else one).split()
    )


#: A word naming the user, their things or their people ("I", "we", "mein", "nuestro",
#: "moi", "у меня" through "меня"): a question with one is about them.
USER_WORD = re.compile(rf"(?<!\w)(?:{_alternation(self_words())})(?!\w)", re.IGNORECASE)
#: The user speaking of themselves alone ("I", "ich", "me", "je", "я"), not of "we".
I_WORD = re.compile(rf"(?<!\w)(?:{_alternation(self_words(plural=False))})(?!\w)", re.IGNORECASE)


# ---- the user's people asked about ---------------------------------------------------------

#: "my", "our" in each language, before one of the user's people or animals, by the case (or
#: number) it is said in: ``nom`` the subject ("meine Schwester heißt …", "моя сестра"), ``acc``
#: the object ("мою сестру зовут", "meinen Bruder"), ``dat`` ("моему сыну 7 лет", "mit meinem
#: Mann"), ``pl`` before a plural ("mis hijos"), ``other`` the rest. The one vocabulary of
#: possessives: every reader takes the cases its rules are written for (``possessive``).
_MY: dict[str, dict[str, str]] = {
    "en": {"nom": "my our"},
    "de": {
        "nom": "mein meine unser unsere",
        "acc": "meinen unseren",
        "dat": "meinem meiner unserem unserer",
        "other": "meines unseres",
    },
    "es": {"nom": "mi nuestro nuestra", "pl": "mis nuestros nuestras"},
    "fr": {"nom": "mon ma notre", "pl": "mes nos"},
    "ru": {
        "nom": "мой моя моё мое наш наша наше",
        "acc": "мою моего нашу нашего",
        "dat": "моему моей нашему нашей",
        "pl": "мои наши",
        "other": "моим моих моём моем наш*",
    },
}
#: Every "my", "our" of a language (the question side reads them all).
_POSSESSIVES = {lang: " ".join(forms for forms in cases.values()) for lang, cases in _MY.items()}


def possessive(lang: str, *cases: str) -> str:
    """A regex group of "my", "our" in ``lang`` said in ``cases`` (``nom``, ``acc``, ``dat``,
    ``pl``, ``other``; none: ``nom``), longest first: ``(?:meine|mein|…)``."""
    said = _MY[lang]
    return (
        f"(?:{_alternation(tuple(w for c in cases or ('nom',) for w in said.get(c, '').split()))})"
    )


#: Words that say the user has a partner without naming them ("are we married?").
_MARRIED = "married verheiratet casado casada marié mariée женат замужем"


def _people_words(lang: str) -> set[str]:
    out: set[str] = set()
    for rel in RELATIONS.values():
        out.update(rel.singular.get(lang, ()))
        out.update(rel.plural.get(lang, ()))
    return out


#: What may follow an adjective that stands for a person ("mein Kleiner heißt …", "ma petite
#: et moi", "¿… mi viejo?"): a verb said of people, a conjunction, or the end (a noun may
#: not: "mein kleiner Bruder", "mi viejo amigo", "ma petite sœur").
_AFTER_STANDING = {
    "en": "is was has loves works lives and called named",
    "de": "heißt heisst ist hat war wird geht arbeitet wohnt lebt mag liebt spielt lernt und",
    "es": "se es tiene está va trabaja vive estudia juega y",
    "fr": "s'appelle est a va fait travaille habite vit aime adore joue et",
    "ru": "зовут это работает живёт живет учится ходит любит играет и",
}


def _standing_end(lang: str) -> str:
    verbs = _alternation(tuple(_AFTER_STANDING[lang].split()))
    # A capital after it is a name ("mon petit Léo"), but in German any noun ("Bruder").
    name = "" if lang == "de" else r"|\s+(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])"
    # ... and in English a possessive ("what's our youngest's name?").
    owner = r"|['’]s\b" if lang == "en" else ""
    return rf"(?=\s*(?:[^\w\s'’-]|$)|\s+(?:{verbs})(?!\w){name}{owner})"


def standing_end(lang: str) -> str:
    """What must follow an adjective of ``lang`` that stands for a person ("the youngest?",
    "la petite et moi", "мелкая ходит …"): a lookahead for a verb said of people, a
    conjunction or the end (a noun may not follow: "la petite boulangerie")."""
    return _standing_end(lang)


def _kin_alternation(words: set[str] | frozenset[str], lang: str) -> str:
    """``_alternation`` of words of ``lang``, an adjective that stands for a person only where
    no noun follows it."""
    standing = {w for rel in RELATIONS.values() for w in rel.standing.get(lang, ())} & set(words)
    parts = [_alternation(tuple(set(words) - standing))] if set(words) - standing else []
    if standing:
        parts.append(rf"(?:{_alternation(tuple(standing))}){_standing_end(lang)}")
    return "|".join(parts)


def _my_people() -> re.Pattern[str]:
    """One of the user's people named in a question, any language ("my wife", "meine Frau",
    "mi pareja", "mon enfant", "моего ребёнка"), said married, or asked after in the plural
    ("do I have kids?", "¿Tengo hijos?")."""
    family = "family familie familia famille семь*".split()
    said = []
    for lang in LANGUAGES:
        mine = _alternation(tuple(_POSSESSIVES[lang].split()))
        whom = _kin_alternation(_people_words(lang) | set(family), lang)
        said.append(rf"(?<!\w)(?:{mine})\s+(?:\w+\s+)?(?:{whom})(?!\w)")
    counted = set().union(*(plural_words(lang) for lang in LANGUAGES))
    said.append(rf"(?<!\w)(?:{_alternation(tuple(_MARRIED.split()))})(?!\w)")
    said.append(rf"(?<!\w)(?:{_alternation(tuple(counted))})(?!\w)")
    return re.compile("|".join(said), re.IGNORECASE)


MY_PEOPLE = _my_people()


# ---- everyday words said plainly -------------------------------------------------------------


#: Words of endearment before a colloquial name ("my big sis", "my lil bro").
_PET_NAMES = "(?:big|little|lil|baby)"


def _plain_rules() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(colloquial word, the plain word of its language) for every colloquial word; one read
    only after a possessive keeps it ("my sis"; "sis" alone may be someone's nickname)."""
    rules = []
    mine = _alternation(tuple(w for lang in LANGUAGES for w in _POSSESSIVES[lang].split()))
    for rel in RELATIONS.values():
        for lang, words in rel.colloquial.items():
            for word, anywhere in words.items():
                side = rel.plural[lang] if word in rel.plural[lang] else rel.singular[lang]
                plain = next((w for w in side if w not in words and not w.endswith("*")), None)
                if plain is None:
                    continue
                if lang == "de":
                    plain = plain[:1].upper() + plain[1:]  # a German noun
                said = re.escape(word).replace(r"\ ", r"\s+")
                if word in rel.standing.get(lang, ()):
                    said += _standing_end(lang)  # "mein Kleiner?", not "mein kleiner Bruder"
                if not anywhere:
                    # "my big sis": "big" says no more than the plain word will.
                    pattern = rf"(?<!\w)(?P<m>(?:{mine})\s+)(?:{_PET_NAMES}\s+)?{said}(?!\w)"
                    rules.append((re.compile(pattern, re.IGNORECASE), rf"\g<m>{plain}"))
                    continue
                pattern = rf"(?<!\w){said}(?!\w)"
                rules.append((re.compile(pattern, re.IGNORECASE), plain))
    return tuple(rules)


_PLAIN = _plain_rules()


def plain_kin(text: str) -> str:
    """``text`` with colloquial names of the user's people said plainly ("my hubby" → "my
    husband", "ma mamie" → "ma grand-mère", "meine Omi" → "meine Oma"); a word marked ``~``
    only after "my", one marked ``~~`` ("hubby", "other half") wherever it stands."""
    for pattern, plain in _PLAIN:
        text = pattern.sub(plain, text)
    return text


def names_my_people(text: str) -> bool:
    """Whether ``text`` names one of the user's people ("my twin", "mi suegra", "моего
    внука", "do I have cousins?")."""
    return MY_PEOPLE.search(text) is not None


def names_the_user(text: str) -> bool:
    """Whether ``text`` has a word naming the user or their household ("I", "wir",
    "nuestro", "moi", "мне"), French chat spelling included ("jhabite où", "g un chat")."""
    return USER_WORD.search(text) is not None or USER_WORD.search(french_plainly(text)) is not None


def says_i(text: str) -> bool:
    """Whether the user speaks of themselves alone in ``text`` ("I", "ich", "yo", "je",
    "я"), not of "we"."""
    return I_WORD.search(text) is not None


def _asked() -> re.Pattern[str]:
    """One of the user's people named after "my" in any language, the word captured."""
    said = []
    for lang in LANGUAGES:
        mine = _alternation(tuple(_POSSESSIVES[lang].split()))
        words = _kin_alternation({w for w in _people_words(lang) if not w.endswith("*")}, lang)
        said.append(rf"(?<!\w)(?:{mine})\s+(?P<{lang}>{words})(?!\w)")
    return re.compile("|".join(said), re.IGNORECASE)


_ASKED = _asked()


def relation_asked(text: str) -> str | None:
    """The relation ``text`` names after "my" ("¿cómo se llama mi gemela?" → "twin"), or
    ``None``."""
    m = _ASKED.search(text)
    if m is None or m.lastgroup is None:
        return None
    lang, word = m.lastgroup, " ".join(m.group(m.lastgroup).lower().split())
    relation = relation_of(word, lang)
    if relation is None:
        return None
    # A word that says the sex of one of a relation of either ("ma gamine", "mi niño": a
    # child) asks for the relation of that sex (the daughter, the son), not any child.
    rel = RELATIONS[relation]
    noun = rel.gendered.get(lang, {}).get(rel.genders.get(lang, {}).get(word, ""))
    sexed = relation_of(noun, lang) if noun else None
    return sexed or relation


# ---- the user's people in what is said ---------------------------------------------------------


def of_kind(*kinds_or_relations: str) -> frozenset[str]:
    """The relations of these kinds and these relations themselves ("sibling" → sibling,
    sister, brother, twin, half sister, half brother)."""
    wanted = set(kinds_or_relations)
    return frozenset(
        rel.word for rel in RELATIONS.values() if rel.word in wanted or rel.kinds & wanted
    )


def group_relations(group: str) -> frozenset[str]:
    """The relations keyed under ``group`` (``family``; ``people``: friends, in-laws …)."""
    return frozenset(rel.word for rel in RELATIONS.values() if rel.group == group)


def relation_pattern(
    relations: frozenset[str] | set[str] | tuple[str, ...],
    *,
    singular: bool = True,
    plural: bool = True,
    alone: bool = False,
    languages: tuple[str, ...] = LANGUAGES,
) -> str:
    """A regex alternation (no boundaries: the caller's) of the words for ``relations`` in
    ``languages``, as a memory or a question says them: the plain words anywhere ("sister",
    "Schwester", "сестрой", "hubby"); a stem, a word read plainly only after "my" ("sis") and
    a word that names anyone else too ("Frau", "femme", "Kind") only after a possessive
    ("meine Frau"); ``alone``: the last kind alone too (a note about the user's people,
    "Ich habe eine Frau …")."""
    free: set[str] = set()
    beside: dict[str, set[str]] = {lang: set() for lang in languages}
    for word in relations:
        rel = RELATIONS[word]
        for lang in languages:
            said = (*(rel.singular.get(lang, ()) if singular else ()),)
            said += (*(rel.plural.get(lang, ()) if plural else ()),)
            for w in said:
                after_my = w.endswith("*") or rel.colloquial.get(lang, {}).get(w) is False
                after_my = after_my or w in rel.standing.get(lang, ())
                if after_my or (w in rel.beside_my.get(lang, ()) and not alone):
                    beside[lang].add(w)
                else:
                    free.add(w)
    parts = [_alternation(tuple(free))] if free else []
    if any(beside.values()):
        mine = _alternation(tuple(w for lang in languages for w in _POSSESSIVES[lang].split()))
        whom = "|".join(_kin_alternation(words, lang) for lang, words in beside.items() if words)
        parts.append(rf"(?:{mine})\s+(?:{_PET_NAMES}\s+)?(?:{whom})")
    return "|".join(parts) or r"(?!x)x"


def married_pattern() -> str:
    """A regex alternation of the words that say the user has a partner without naming them
    ("married", "verheiratet", "замужем")."""
    return _alternation(tuple(_MARRIED.split()))


#: One of the user's relatives named in what they said, with or without "my" ("Tengo una
#: hermana …", "У меня есть брат …", "Ich habe einen Sohn …", "my hubby").
RELATIVE_WORD = re.compile(
    rf"(?<!\w)(?:{relation_pattern(group_relations('family'), alone=True)})(?!\w)", re.IGNORECASE
)


def names_a_relative(text: str) -> bool:
    """Whether ``text`` names one of the user's relatives, with or without "my" ("Ich habe
    einen Sohn", "mi hermana", "сестрой")."""
    return RELATIVE_WORD.search(text) is not None


def key_pattern(relations: frozenset[str] | set[str] | tuple[str, ...]) -> str:
    """A regex alternation of the key segments ``relations`` are stored under: their slugs
    and their English words' ("half_sister", "children", "kids", "mum")."""
    segments = set()
    for word in relations:
        rel = RELATIONS[word]
        segments.add(rel.slug)
        for w in (*rel.singular.get("en", ()), *rel.plural.get("en", ())):
            if not w.endswith("*"):
                segments.add(re.sub(r"[\s-]+", "_", w))
    return "|".join(re.escape(s) for s in sorted(segments, key=len, reverse=True))


def _sex_words(relation: str) -> dict[str, str]:
    """The words that say the gender of one of ``relation``, every language → m or f: its own
    ("gemela", "Cousine") and, for a kind, its members' ("hermana" for a sibling); not a word
    another language says of either ("cousin": English as well as French)."""
    out: dict[str, str] = {}
    either: set[str] = set()
    for word in (relation, *sorted(of_kind(relation) - {relation})):
        rel = RELATIONS[word]
        for lang, words in rel.genders.items():
            for w, g in words.items():
                out.setdefault(w, g)
            said = (*rel.singular.get(lang, ()), *rel.plural.get(lang, ()))
            either |= {w for w in said if w not in words}
    return {w: g for w, g in out.items() if w not in either}


@lru_cache(maxsize=256)
def _sex_pattern(relation: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    words = _sex_words(relation)
    if not words:
        return None
    alternation = _alternation(tuple(words))
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)", re.IGNORECASE), words


def gender_said(relation: str, *texts: str) -> str | None:
    """The gender (m, f) of one of the user's ``relation`` that their own words tell ("Mi
    gemela se llama Maite": f; "Meine Cousine Lena": f; "Моего брата-близнеца": m), or
    ``None``: not said, or said both ways."""
    rel = _relation_named(relation)
    found = _sex_pattern(rel.word) if rel is not None else None
    if found is None:
        return None
    pattern, words = found
    said = {
        words.get(" ".join(m.group(0).lower().split()))
        for text in texts
        if text
        for m in pattern.finditer(text)
    }
    said.discard(None)
    return said.pop() if len(said) == 1 else None
