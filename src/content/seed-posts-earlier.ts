import type { SeedPost } from './seed-post'

/** The six older launch posts, newest first. */
export const earlierSeedPosts: SeedPost[] = [
  {
    title: 'Our Charity Stream Raised $48,310 for Marrow & Light',
    slug: 'marrow-and-light-charity-stream',
    excerpt:
      'Twelve hours, thousands of players and one shared goal: our charity stream with the Marrow & Light Foundation raised $48,310 for blood-cancer research and patient care.',
    content: `<p>What a day. Our twelve-hour charity stream with the <strong>Marrow &amp; Light Foundation</strong> has wrapped up, and together we raised <strong>$48,310</strong> to support blood-cancer research and the families going through treatment.</p>
<h2>How the stream worked</h2>
<p>For twelve hours our team streamed live from a special charity stage in Donation Plaza. Players could visit the Marrow &amp; Light booth, send Gift Gems and watch each gift light up a giant heart above the fountain. For every gift sent to the charity booth during the stream, Kindlewave made a matching real-world donation to the foundation.</p>
<h2>Highlights</h2>
<ul>
<li>The goal bar reached 97% with four hours still to go, so we set a stretch goal, and you smashed it.</li>
<li>Over 9,000 players visited the charity booth, many of them for the very first time.</li>
<li>Nurses and researchers from Marrow &amp; Light joined us on stream to explain how the funds are used.</li>
<li>Our art team painted a brand-new booth live – it is now permanently in the Plaza.</li>
</ul>
<blockquote>“Every donation helps us fund research and support families at the hardest moment of their lives. Thank you to every single player who took part.” – Marrow &amp; Light Foundation</blockquote>
<h2>Where the money goes</h2>
<p>The foundation will put the funds towards three areas:</p>
<ol>
<li>Research into new treatments for leukaemia, lymphoma and myeloma.</li>
<li>Travel and accommodation support for families during long hospital stays.</li>
<li>Campaigns that encourage more people to register as stem-cell donors.</li>
</ol>
<h3>Want to do more?</h3>
<p>You can learn about the foundation’s work, or find out how to become a donor, on the <a href="https://marrowandlight.example.org">Marrow &amp; Light website</a>. The charity booth stays open in the Plaza as a reminder of what this community achieved together. Thank you for showing, once again, how much good a game can do.</p>`,
    featuredImage: '/blog/charity-stream.webp',
    publishedDaysAgo: 127,
    tags: ['Collaborations', 'Community'],
  },
  {
    title: 'Meet the Crane Booth, Our Biggest Booth Yet',
    slug: 'crane-booth-update',
    excerpt:
      'The Crane Booth turns your stand into a glowing arcade claw machine that drops a prize capsule for every donation. It is available now for 42,000 Credits.',
    content: `<p>Booths are the heart of Donation Plaza, and today we are adding our most ambitious one yet. Say hello to the <strong>Crane Booth</strong>: a full-size arcade claw machine that turns every donation into a little show.</p>
<h2>How it works</h2>
<p>When a visitor donates at your Crane Booth, the claw springs to life, swings over the prize pile and scoops up a capsule. The capsule tumbles down the prize chute and pops open to reveal a tiny critter that follows the donor around the Plaza for a few minutes. It is silly, it is cheerful, and in testing nobody could stop smiling at it.</p>
<img src="/blog/crane-prizes.webp" alt="Five round prize capsules on a glowing shelf, each with a smiling critter inside" width="960" height="540">
<h2>What you get</h2>
<ul>
<li><strong>An animated claw machine</strong> with a light-up marquee that shows your booth name.</li>
<li><strong>Twelve collectable capsule critters</strong> for your donors, including three rare ones.</li>
<li><strong>Customisable colours</strong> for the cabinet, lights and prize pile.</li>
<li><strong>A donation counter</strong> on the cabinet that celebrates every milestone you reach.</li>
</ul>
<h2>Price and availability</h2>
<p>The Crane Booth costs <strong>42,000 Credits</strong> and is a permanent unlock: once it is yours, you can place it in any booth spot you own and switch back to your other booths at any time.</p>
<h3>Tips for new Crane Booth owners</h3>
<ol>
<li>Place it near the fountain or the main stage, where foot traffic is busiest.</li>
<li>Pick a marquee message that says thank you – donors love being noticed.</li>
<li>Check the critter collection screen to see which capsules your visitors have found.</li>
</ol>
<p>We designed the Crane Booth together with some of our most active booth owners, and their feedback shaped everything from the claw speed to the sound of the prize chute. Thank you to everyone who tested it. We cannot wait to see the Plaza fill up with glowing cabinets.</p>`,
    featuredImage: '/blog/crane-booth.webp',
    publishedDaysAgo: 164,
    tags: ['Updates'],
  },
  {
    title: 'The Winterlight Festival Lights Up the Plaza',
    slug: 'winterlight-holiday-event',
    excerpt:
      'Snow has fallen on Donation Plaza and the Winterlight Festival has begun, bringing a giant tree, daily gift drops, cosy new items and a community wish board.',
    content: `<p>The fountain has frozen into a skating rink, the lamp posts are wrapped in ribbon and a giant tree is glowing in the middle of the square. The <strong>Winterlight Festival</strong>, our holiday event, is now live in Donation Plaza.</p>
<h2>What is happening</h2>
<ul>
<li><strong>The Winterlight Tree</strong> – the more gifts players send each day, the more lights appear on the tree. Fill it completely to unlock a Plaza-wide fireworks show.</li>
<li><strong>Daily gift drops</strong> – log in every day to open a present under the tree, with a new surprise each time.</li>
<li><strong>The wish board</strong> – pin a kind message for another player and read what others have written.</li>
<li><strong>Snowball corner</strong> – a friendly, no-stakes snowball fight next to the skating rink.</li>
</ul>
<h2>Seasonal items</h2>
<p>The festival brings a small collection of cosy items. Some are free rewards from the daily gift drops, and a few are available in the holiday shop:</p>
<ol>
<li>A knitted scarf and mittens set in Kindlewave colours.</li>
<li>A snow-globe booth decoration with falling snow inside.</li>
<li>A festive sleigh skin for your golf cart, complete with jingling bells.</li>
<li>The “Warm Wishes” emote, which sends a puff of sparkles to a nearby friend.</li>
</ol>
<h3>Giving back this season</h3>
<p>The holidays are all about generosity, so the festival celebrates players who give. Anyone who sends at least one gift during the event receives a glowing festival badge, and booths with festive decorations get a special snowflake marker on the Plaza map to help visitors find them.</p>
<p>The Winterlight Festival runs for three weeks. Grab a hot cocoa, find a friend and come and see the tree – it looks even better with you standing next to it. Happy holidays from everyone at Kindlewave!</p>`,
    featuredImage: '/blog/holiday-event.webp',
    publishedDaysAgo: 203,
    tags: ['Events'],
  },
  {
    title: 'The Emberling Plush by Tumbletop Toys Is Here',
    slug: 'tumbletop-toys-emberling-plush',
    excerpt:
      'Our mascot Emberling is now a real, huggable plush made with Tumbletop Toys, and every box includes a code for an exclusive mini Emberling pet in Donation Plaza.',
    content: `<p>You asked, and we listened. Our flame-topped mascot <strong>Emberling</strong> has stepped out of the screen and into the real world as an official plush, made together with our friends at <strong>Tumbletop Toys</strong>.</p>
<h2>Soft, squishy and made to last</h2>
<p>Tumbletop Toys have been making cuddly companions for decades, and they brought all of that experience to this project. The plush took several rounds of samples to get just right – especially the little flame on top, which had to be soft enough to squeeze and sturdy enough to stand up straight.</p>
<ul>
<li>About 25 cm tall, with a weighted base so Emberling can sit on a shelf or desk.</li>
<li>Extra-soft fabric with embroidered eyes, suitable for all ages.</li>
<li>A cream belly patch and a stitched seam that match the in-game character.</li>
<li>Packaged in a window box you will want to keep.</li>
</ul>
<h2>An in-game bonus in every box</h2>
<p>Each plush comes with a printed code card. Redeem it in Donation Plaza to unlock a <strong>mini Emberling pet</strong> that hops along beside you, cheers when you send a gift and falls asleep when you stay still for too long.</p>
<h3>How to redeem your code</h3>
<ol>
<li>Open the Donation Plaza menu and choose <em>Redeem code</em>.</li>
<li>Type in the code from the card inside the box.</li>
<li>Find your new pet in the <em>Companions</em> tab of your inventory.</li>
</ol>
<h2>Where to find it</h2>
<p>The Emberling plush is available from the <a href="https://store.kindlewave.studio">Kindlewave store</a> and from selected shops that stock <a href="https://tumbletop-toys.example.com">Tumbletop Toys</a>. The first batch is limited, so if you want one on your shelf, do not wait too long.</p>
<p>A huge thank you to the Tumbletop team for their care and craftsmanship. Share a photo of your Emberling with us on the community page – we love seeing where it ends up.</p>`,
    featuredImage: '/blog/tumbletop-plush.webp',
    publishedDaysAgo: 247,
    tags: ['Collaborations'],
  },
  {
    title: 'Introducing Donation Plaza VIP',
    slug: 'introducing-vip-membership',
    excerpt:
      'Donation Plaza VIP is here: a monthly membership for $2.99 a month with a private lounge, a daily Gift Gems bonus, a shiny name tag and early access to new features.',
    content: `<p>Today we are launching something many of you have asked for: <strong>Donation Plaza VIP</strong>, an optional monthly membership for players who want a few extra perks while they hang out, give and explore.</p>
<h2>What VIP members get</h2>
<ul>
<li><strong>The VIP Lounge</strong> – a rooftop terrace above the Plaza with comfy seats, a view of the main stage and its own music.</li>
<li><strong>A daily Gift Gems bonus</strong> – 100 Gift Gems every day you log in, ready to pass on to your favourite booths.</li>
<li><strong>A gradient name tag</strong> in violet, pink and amber, so friends can spot you in a crowd.</li>
<li><strong>Two extra decoration slots</strong> for your booth.</li>
<li><strong>A gold paint job</strong> for your golf cart, if you own the Golf Cart Gamepass.</li>
<li><strong>Early access</strong> to new features and events, usually a few days before everyone else.</li>
</ul>
<h2>Price</h2>
<p>VIP costs <strong>$2.99 a month</strong>. You can cancel at any time from your account settings, and you keep your perks until the end of the month you have already paid for. Items and decorations you earn while you are a member stay yours, even if you cancel.</p>
<h3>Our promise: VIP is a bonus, not a barrier</h3>
<p>Donation Plaza is a place for everyone, and it will stay that way. That is why we set a few firm rules for VIP:</p>
<ol>
<li>Every booth, quest and event remains open to all players.</li>
<li>VIP never affects leaderboards, rankings or rewards based on donations.</li>
<li>The daily Gift Gems bonus is designed to be given away, so members can support other players even more.</li>
</ol>
<h2>How to join</h2>
<p>Tap the VIP card in the Plaza menu, choose <em>Subscribe</em> and follow the steps. Your lounge key appears in your inventory straight away.</p>
<p>Thank you for helping us keep the lights on and the Plaza growing. Every membership supports the small team behind the game and funds the free updates we have planned for the year ahead. Questions? Contact us at <a href="mailto:hello@kindlewave.studio">hello@kindlewave.studio</a>.</p>`,
    featuredImage: '/blog/vip-membership.webp',
    publishedDaysAgo: 318,
    tags: ['Updates'],
  },
  {
    title: 'Cruise the Plaza With the Golf Cart Gamepass',
    slug: 'golf-cart-gamepass',
    excerpt:
      'Our very first gamepass has arrived: for 499 Credits you can drive your own golf cart around Donation Plaza, give friends a lift and park in style outside any booth.',
    content: `<p>Donation Plaza keeps growing, and with so many booths to visit, getting around on foot can take a while. So we are thrilled to introduce our very first gamepass: the <strong>Golf Cart Gamepass</strong>.</p>
<h2>What you get</h2>
<p>The gamepass gives you your own drivable golf cart that you can summon anywhere in the Plaza. It is quick, it is comfy and it comes with a little golf bag on the back, just for style.</p>
<ul>
<li><strong>Room for two</strong> – invite a friend to hop in and tour the booths together.</li>
<li><strong>Three paint jobs</strong> – Violet, Rose and Sunset, which you can switch between at any time.</li>
<li><strong>A working horn and headlights</strong>, perfect for evening visits to the main stage.</li>
<li><strong>Parking spots</strong> outside every booth, so you can pull up right next to the stand you want to support.</li>
</ul>
<img src="/blog/golf-cart-colors.webp" alt="Three golf carts side by side in violet, rose and sunset paint" width="960" height="540">
<h2>Price</h2>
<p>The Golf Cart Gamepass costs <strong>499 Credits</strong> and is a one-time purchase. Once you own it, the cart is yours for good, along with any new paint jobs we add later.</p>
<h3>Driving etiquette</h3>
<p>The Plaza is a friendly place, and we want it to stay that way for players on foot too. Carts slow down automatically near the fountain and in busy areas, and they simply pass through other players instead of bumping into them.</p>
<ol>
<li>Use the summon button in your inventory to call your cart.</li>
<li>Hop in and steer with the usual movement controls.</li>
<li>Press the horn button to say hello as you drive past a friend.</li>
</ol>
<p>This is the first of several gamepasses we have planned, and everything you buy helps fund free updates for the whole community. Thank you for supporting Donation Plaza – see you on the road!</p>`,
    featuredImage: '/blog/golf-cart.webp',
    publishedDaysAgo: 396,
    tags: ['Updates'],
  },
]
