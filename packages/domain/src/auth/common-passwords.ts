/**
 * The most common passwords of at least 8 characters (shorter ones already fail the length
 * rule), lower-cased: about 1402 entries, most of them from the frequency order of the
 * "10-million-password-list-top-10000" list of SecLists (MIT licence,
 * github.com/danielmiessler/SecLists, Passwords/Common-Credentials), plus a few obvious
 * variants. Data only; `isCommonPassword` in password-policy.ts reads it.
 */
const WORDS = `
password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1 jennifer
sunshine iloveyou starwars computer michelle 11111111 princess 987654321 corvette 1234qwer 88888888 q1w2e3r4t5
internet samantha whatever maverick steelers mercedes 123123123 qwer1234 hardcore q1w2e3r4 midnight bigdaddy
victoria 1q2w3e4r cocacola marlboro asdfasdf 87654321 12344321 jordan23 jonathan liverpoo danielle abcd1234
scorpion qazwsxedc password1 slipknot qwerty123 startrek 12341234 redskins butthead asdfghjkl qwertyui
liverpool dolphins nicholas elephant mountain xxxxxxxx 1q2w3e4r5t creative rush2112 asdfghjk 4815162342
passw0rd bullshit 1qazxsw2 garfield 01012011 69696969 december 11223344 godzilla airborne lifehack brooklyn
platinum darkness blink182 789456123 12qwaszx snowball pakistan redwings williams nintendo guinness november
minecraft asdf1234 lasvegas babygirl dickhead 12121212 147258369 explorer snickers metallica alexande paradise
michigan carolina lacrosse christin kimberly kristina 0987654321 poohbear bollocks qweasdzxc drowssap caroline
einstein 1232323q champion svetlana westside courtney 12345qwert patricia aaaaaaaa anderson security stargate
simpsons scarface 123456789a 1234554321 cherokee veronica semperfi scotland marshall qwerty12 98765432
softball passport franklin alexander 55555555 zaq12wsx infinity kawasaki 77777777 vladimir freeuser wildcats
budlight brittany 00000000 bulldogs swordfis patriots pearljam colorado ncc1701d motorola logitech juventus
wolverin warcraft hello123 peekaboo 123654789 panthers elizabet spiderma virginia valentin predator mitchell
741852963 1111111111 rolltide changeme lovelove fktrcfylh loverboy chevelle cardinal michael1 147852369
american alexandr electric wolfpack spiderman darkside 123456789q 01011980 freepass 99999999 fyfcnfcbz
22222222 1029384756 billybob 01012000 chocolat business cjkysirj 123qweasd stingray serenity greenday charlie1
firebird blizzard a1b2c3d4 sterling password123 hercules tarheels basketball zeppelin swimming pavilion
engineer bobafett 21122112 darkstar icecream hellfire fireball rockstar defender swordfish airforce abcdefgh
srinivas bluebird presario wrangler precious harrison goldfish soso123aljg dbrnjhbz longhorn 123qweasdzxc
wordpass 31415926 999999999 letmein1 assassin testtest microsoft devildog valentina butterfly lonewolf
babydoll atlantis montreal angelina shamrock hotstuff mistress deftones cadillac blahblah birthday 1234abcd
01011990 cavalier veronika qazwsx123 mustang1 goldberg 12345678910 wolfgang leonardo basketba cristina
aardvark sweetpea 13131313 fredfred freedom1 manchester kathleen hamilton fuckyou2 renegade drpepper bigboobs
1qaz2wsx3edc christia buckeyes 0123456789 stephani enterpri diamonds wetpussy morpheus 66666666 pornstar
thuglife napoleon highland chandler trfnthbyf welcome1 123qwe123 wrinkle1 51505150 11235813 butterfl elizabeth
sherlock marathon access14 trombone isabelle barcelona babylon5 ultimate superfly yankees1 geronimo concrete
q1w2e3r4t5y6 jessica1 123454321 portugal sundance pleasure seminole isabella 14789632 qazxswedc kingkong
adgjmptw ncc1701e alejandr 1123581321 margaret bluemoon ghbdtnbr bonehead personal morrison aleksandr dietcoke
cooldude christop lollipop fernando christian letmein2 werewolf punkrock giovanni cdtnkfyf tottenha hongkong
blackcat a1234567 zzzzzzzz hollywoo florence gn56gn56 stocking matthew1 immortal 44444444 makaveli sebastia
ilovesex charlott anthony1 111222333 satan666 columbia infantry eternity waterloo vanhalen skywalke seinfeld
qazwsxed fuckfuck wolverine musicman megadeth verbatim 1q2w3e4r5t6y twilight fuckyou1 stardust showtime
147896325 skittles shaney14 qwerty12345 123321123 intrepid sandiego punisher 1234567a 192837465 starcraft
mushroom 25802580 slapshot ekaterina 123698745 1234512345 chargers warriors raistlin coltrane 1a2b3c4d
19841984 12369874 mailcreated5240 halflife qwerasdf kangaroo panasonic christine beautiful meridian lonestar
kittycat goodluck scoobydo crusader 12312312 guardian fuckface catalina 1122334455 californ stonecol septembe
scarlett santiago lowrider anastasia vacation sithlord ragnarok keyboard 19921992 11112222 nuttertools
dkflbvbh titleist rootbeer magnolia dodgeram creampie aspirine 1234567q redalert qqqqqqqq munchkin mersedes
blueeyes bigballs zaq1xsw2 sebastian research national 01012001 rammstein katerina freckles caliente
qazwsxedcrfv oblivion mustangs margarita deadhead zxcv1234 porkchop grateful fuck_inside formula1 a1s2d3f4
23232323 peterpan martinez goodtime alexandra thankyou software sapphire richmond kingston brucelee thunder1
qawsedrf plymouth mariners heather1 chelsea1 123456qwerty spectrum pineappl labrador 1234567890q 10101010
stephanie commando amsterdam webmaster lesbians fletcher candyman aquarius starfish infiniti gangbang blackjac
8j4ye3uz 19871987 0000000000 sailboat richard1 godsmack emmanuel cosworth 19891989 lightnin chevrole catherin
qwerty123456 asshole1 01011991 15426378 snuggles qwertyuio qwert123 mandingo ihateyou beefcake beatrice
111111111 whocares scooter1 doberman clitoris 5555555555 dannyboy terminator ncc1701a keystone clarence
bunghole 19751975 romashka pa55word golfball doughboy charlotte achilles patrick1 gateway1 cowboys1 9876543210
vkontakte phillies jeremiah dilligaf 19851985 vfrcbvrf pinkfloy maryland kentucky hastings frederic butthole
agent007 19911991 01011985 somethin porsche9 hurrican california bearbear 73501505 microlab flamingo
enterprise 19941994 19781978 01011970 truelove meatball diamond1 warhammer universe sentinel manchest kamikaze
handsome dthjybrf blueblue australia 321654987 1qaz1qaz 01011981 pokemon1 pantyhos eatpussy 19861986 01011986
superstar ssssssss rjirfrgbde meatloaf lifetime jamesbon 123456789z woofwoof turkey50 rfnthbyf front242
gordon24 brandon1 bigmoney azsxdcfv rightnow maradona lionking crazybab 19931993 19901990 poiuytrewq passwort
japanese holyshit 21212121 wildfire sexygirl poontang microsof chocolate chickens arsenal1 19831983 happyday
aberdeen 19951995 13243546 123456aa treasure theodore raiders1 gretchen ericsson 1passwor zxcasdqwe
sojdlg123aljg sexsexsex mikemike michaela excalibu anhyeuem 78945612 trinidad pooppoop greenbay greatone
fordf150 963852741 18436572 lisalisa hardrock dinosaur pa55w0rd madeline hollywood hellyeah columbus skywalker
rockhard positive melissa1 kcj9wx5n happy123 gotohell football1 february abc12345 609609609 yosemite roadkill
kingfish billyboy 1qa2ws3ed 123789456 tunafish starship saratoga robotech rasputin rangers1 passwords p0015123
nwo4life megapass kenworth hedgehog davidson anaconda 20102010 12131415 vladislav translator splinter richards
phoenix1 karolina 789789789 railroad magicman killbill wrestlin tommyboy passpass pass1234 majestic fuckthis
crawford bangbang asdasdasd deepthroat cinnamon chester1 broadway 01011988 underdog sunnyday snoopdog
multiplelo jasmine1 chainsaw catherine canadian australi 19721972 19691969 supersta snowboar r2d2c3po mechanic
mamapapa golfgolf ghjcnjnfr downtown christopher bullseye 20002000 skorpion saturday lkjhgfdsa blackhaw
westwood sneakers marino13 jamesbond getmoney flounder boomboom beerbeer apple123 01011987 01011984 undertaker
sinclair samsung1 moneyman mmmmmmmm marianne jjjjjjjj gargoyle federico amsterda 1x2zkg8w 19881988 19741974
zerocool vfvfgfgf test1234 idontknow hahahaha 19731973 03082006 02071986 vfhufhbnf lokomotiv kristine goldstar
christina chrisbln america1 20012001 12345678q whitesox titanium thursday thirteen tazmania starfire qwerqwer
qazwsx12 panasoni paintbal newcastl hotpussy buckshot babyblue attitude 10203040 01011910 sunflowe solution
godfather clarinet assholes 12345679 tomorrow southpark sersolution qwerty1234 paintball montgom240 johannes
gesperrt francois dkflbckfd dfktynbyf christie callaway 19821982 19811981 12qw34er salamander resident
poseidon pianoman chuckles avalanch 1q2w3e4r5 superman1 qwertyqwerty meowmeow meathead budweise 19411945
14725836 01091989 01011992 triangle thanatos runescape gladiator crjhgbjy barefoot 25252525 02071982 zxcvbnm1
viewsonic traveler together spongebob original medicine mazafaka juliette james007 hawkeyes deeznutz cerberus
135792468 12345qwe 01234567 01011975 zxasqw12 terrapin philippe overkill monalisa illusion hoosiers hayabusa
gfhjkm123 francesc clevelan 123456654321 01011993 tttttttt smeghead moonlight megatron casanova blackjack
blablabla bbbbbbbb 12301230 syncmaster rhiannon lightning dddddddd bookworm aleksandra 19961996 19791979
02091987 02021987 thegreat packers1 newpass6 19801980 02081988 02051986 02041986 02011985 01011977 roadrunn
rjycnfynby rhtdtlrj mortgage goldwing christmas andromeda adrienne 12345678a 12011987 02101985 02031986
02021988 wrestling tinkerbell teddybea shannon1 motherfucker mortimer madison1 handyman ghostrider doghouse
24682468 02061985 02011987 wareagle realmadrid polniypizdec0211 nokia6300 idontkno gameover claymore chicago1
blackbir bcfields 1357924680 02091986 02021986 01011983 whiskers valkyrie talisman starcraf sporting spaceman
southpar kittykat inuyasha babyface 7ugd5hip2j 02081987 02081984 02061986 02021984 01011982 strength seahawks
recovery qweqweqwe playstation leavemealone hardcock flexible dragonball checkers charlene beautifu baseball1
02031984 02021985 thedoors sullivan stanford mollydog illinois gamecube cannabis cameltoe bitchass armagedon
alexalex 987456321 21031988 123qq123 1234567890a 02081989 02011986 01020304 01011999 wishbone matthews
mandarin lalalala godfathe gabriela ffffffff bluefish binladen 19771977 19761976 02061989 02041984 tottenham
tiberius teddybear silverad microphone electron dirtbike deadpool carpedie asdfzxcv amateurs absolute 50spanks
02021983 shanghai property password2 kakashka gfhjkmgfhjkm caligula blackout 15151515 123456qw 1234567891
02051983 02041983 02031987 02021989 z1x2c3v4 vsjasnel12 testpass stonecold soulmate q2w3e4r5 lineage2 fgtkmcby
criminal coldbeer capslock bullfrog bobdylan babylove argentina annabell 11221122 09876543 02081986 02041988
02041987 02041982 02011988 yeahbaby vasilisa sergeant reynolds newyork1 magazine llllllll katherine jayhawks
fishing1 dragon12 abnormal 02101984 02081985 02071984 02011980 01011979 wg8e3wjf shitface pussyman pringles
preacher heineken gatorade gabriell ferrari1 eldorado coolness 14141414 02021982 thunderb telephon specialk
shepherd paranoid masamune mamamama hopeless farscape estrella dragonba crystal1 corleone chevrolet carlitos
buttercu buddyboy 24242424 12365478 02061988 02031985 yfcntymrf winston1 piramida monkey12 millwall jackson5
insomnia hardware fastball elizaveta alejandro 1234asdf 02081982 02051982 windsurf wildcard universal
sunflower strawberry reddevil pornporn polopolo pinkfloyd panther1 jiggaman islander inspiron green123
123456qwe 02061980 02031982 02011984 zaqxswcde washington violetta sexysexy robotics rjhjktdf nightmare
katherin jellybea hhhhhhhh gandalf1 download doomsday devil666 darklord chrysler browning augustus ashleigh
9293709b13 20202020 02091983 02061987 01081989 yjdsqgfhjkm qazwsxedc123 pharmacy nevermind mariposa jakejake
insanity graphics geoffrey firewall fandango 321321321 12051988 05051987 02101989 02101987 02071987 02071980
02041985 sweetnes stanislav radiohea mobydick longjohn iverson3 istanbul highheel happiness budapest 19711971
134679852 02091984 02091981 02091980 02061983 02041981 01011900 webhompas thisisit spongebo senators sausages
pineapple nygiants moonbeam marcello maksimka loveless lollypop kleopatra katarina icehouse hooligan gertrude
fullmoon fuckinside dynamite buttfuck bulldog1 brittney aviation 22041987 20022002 05051985 02081977 02071988
02051988 02051987 02041979 webmaste platypus monkeybo master12 heritage good123654 festival evolution dolphin1
cccccccc a12345678 26061987 15051981 08031986 02061984 02061982 02051989 02051984 02031981 woodland whiteout
vanguard temppass pussy123 ferguson earnhard coolcool 7894561230 21031987 13041988 11051987 10011986 06061986
02091985 02021981 02021979 01031988 summer99 starstar snowflak slamdunk playboy1 mephisto michael2 killer12
kjrjvjnbd iloveyou2 holidays harrypotter gorgeous dudedude 02101986 02081983 02041989 02011989 01011978
zxcvbnm123 volkswag solitude scoobydoo roadster presiden pool6123 playstat pipeline mypassword mazdarx7
lemonade krasotka koroleva irishman gabriel1 freefree francesco christma chipmunk brigitte bigblock bergkamp
bearcats 74108520 45m2do5bs 30051985 24061986 22021989 21011989 20061988 1z2x3c4v 14061991 13041987 12021988
11081989 03041991 02071981 02031979 02021976 01061990 01011960 yankees2 wireless tiffany1 starligh register
nascar24 mudvayne monsters mckenzie mazda626 kisskiss freebird fantasia choochoo chambers borabora asdfgh01
alessandro abrakadabra 7777777777 23456789 23041987 19701970 password1234 password12 password12345 passw0rd1
p@ssw0rd p@ssword qwerty1234567 iloveyou1 welcome123 letmein123 admin123 administrator 1qaz2wsx3edc4rfv
abc123456 qwertyuiop123 987654321a 1234567890123 football123 baseball123 princess1 sunshine1 monkey123
dragon123 trustno12 changeme123
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((word) => word.length > 0));
