import type { SeedPost } from './seed-post'

/** The six newest launch posts, newest first. */
export const recentSeedPosts: SeedPost[] = [
  {
    title: 'Button & Bean Move Into Donation Plaza',
    slug: 'button-and-bean-move-into-donation-plaza',
    excerpt:
      'The much-loved children’s characters Button & Bean have set up shop in Donation Plaza, with a themed booth, a gentle quest and free avatar items for every visitor.',
    content: `<p>Some of the friendliest faces in children’s entertainment just arrived in town. Starting today, <strong>Button &amp; Bean</strong> have their very own corner of Donation Plaza, and we could not be happier to welcome them.</p>
<p>Our team has worked side by side with the Button &amp; Bean creative group for months to make sure the pair look, move and sound exactly the way young fans know them: cheerful, curious and always looking out for each other.</p>
<h2>What is new in the Plaza</h2>
<ul>
<li><strong>The Button &amp; Bean Booth</strong> – a striped-awning stand beside the fountain where the duo greet visitors, wave at donors and cheer every gift.</li>
<li><strong>The Kindness Trail</strong> – a short, gentle quest in which players help Bean find Button’s missing thread by visiting five friendly stalls around the Plaza.</li>
<li><strong>Free avatar items</strong> – finish the trail to unlock a stitched Button backpack and a Bean-shaped beanie.</li>
<li><strong>Two new emotes</strong> – the “Button Bounce” and the “Bean Wave”, free for every player.</li>
</ul>
<img src="/blog/button-and-bean-booth.webp" alt="Button and Bean smiling behind a booth with a striped awning and their logo on the counter" width="960" height="540">
<h2>Made with younger players in mind</h2>
<p>Many Button &amp; Bean fans play alongside a parent or an older sibling, so we kept this collaboration simple and welcoming. The quest uses clear picture hints, the booth has big, easy-to-read signs, and every collab item is free. Nothing on the Kindness Trail asks anyone to spend Credits or Gift Gems.</p>
<blockquote>“Button and Bean are all about small acts of kindness, and Donation Plaza is built on exactly that. It felt like a natural home for them.” – the Button &amp; Bean team</blockquote>
<h3>How long will it stay?</h3>
<p>The booth is a permanent part of the Plaza. The Kindness Trail and its rewards will be available for at least the next three months, and we will announce any changes here on the <a href="/blog">news blog</a> first.</p>
<p>Want to get to know the characters better? Visit the <a href="https://buttonandbean.example.com">official Button &amp; Bean website</a>, then hop into <a href="https://games.example.com/donation-plaza">Donation Plaza</a> and say hello. Bean has been practising that wave all week.</p>`,
    featuredImage: '/blog/button-and-bean.webp',
    featured: true,
    publishedDaysAgo: 2,
    tags: ['Collaborations', 'Community'],
  },
  {
    title: 'Top Donor Trophies and New Lifetime Rewards',
    slug: 'top-donor-trophies-and-lifetime-rewards',
    excerpt:
      'The ten most generous donors in Donation Plaza now earn a trophy every month, and two new lifetime rewards celebrate reaching 1 million and 10 million donated.',
    content: `<p>Generosity is what keeps Donation Plaza glowing, and today we are giving it the spotlight it deserves. Say hello to <strong>Top Donor Trophies</strong>, our new monthly awards for the players who give the most.</p>
<h2>How the monthly trophies work</h2>
<p>At the end of every month, the <strong>top 10 monthly donors</strong> on the Plaza leaderboard each receive a trophy. Trophies are display pieces you can place in your booth, so every visitor can see who has been lifting the community up.</p>
<ul>
<li>The leaderboard counts everything you donate to other players during the month.</li>
<li>Rankings reset on the first day of each month, so everyone gets a fresh start.</li>
<li>Trophies come in three finishes – violet, rose and gold – depending on your final rank.</li>
</ul>
<h3>One trophy every 4 months</h3>
<p>We want these awards to reach as many generous players as possible, so each person can win <strong>one trophy every 4 months</strong>. If you land in the top 10 again during that window, your rank still shows on the leaderboard and the trophy passes to the next donor in line.</p>
<h2>Lifetime milestone rewards</h2>
<p>Trophies celebrate a great month; milestones celebrate the long run. Two new rewards unlock automatically as the total Credits you have donated grows:</p>
<ol>
<li><strong>Kindle Lantern</strong> – a glowing lantern that lights your path around the Plaza, unlocked at <strong>1 million donated</strong>.</li>
<li><strong>Aurora Wings</strong> – shimmering wings in violet, pink and amber, unlocked at <strong>10 million donated</strong>.</li>
</ol>
<img src="/blog/milestone-rewards.webp" alt="The Kindle Lantern and the Aurora Wings on two pedestals labelled 1 million and 10 million" width="960" height="540">
<p>Both milestones include donations you made before today, so long-time supporters may find a lantern, or even a pair of wings, waiting for them the next time they log in.</p>
<h2>Thank you</h2>
<p>Every donation in the Plaza is a small gift from one player to another. These trophies and milestones are our way of saying thank you to everyone who makes that happen. If you are new to booths, our <a href="/blog/crane-booth-update">Crane Booth guide</a> is a great place to start. See you on the leaderboard!</p>`,
    featuredImage: '/blog/donor-trophies.webp',
    isFeatured: true,
    publishedDaysAgo: 11,
    tags: ['Awards', 'Community'],
  },
  {
    title: 'Fly Your Message Over the Plaza With the Promotion Blimp',
    slug: 'promotion-blimp-update',
    excerpt:
      'Want more visitors? The new Promotion Blimp circles Donation Plaza with your booth’s name on its screen, for 2,500 Credits or 25,000 Gift Gems per flight.',
    content: `<p>Running a booth is more fun when people can find it. This update adds the <strong>Promotion Blimp</strong>: a big, friendly airship that drifts over Donation Plaza carrying your booth’s name for everyone to see.</p>
<h2>How it works</h2>
<ol>
<li>Open your booth menu and choose <em>Promote</em>.</li>
<li>Pick a message from the list, such as “Visit my booth!” or “Thank you, donors!”, and a colour theme.</li>
<li>Confirm, and the blimp takes off from the fountain on its next loop.</li>
</ol>
<p>While your promotion is active, the blimp’s side screen shows your booth name and message, and a banner trails behind it across the sky. Any player who taps the blimp gets a waypoint straight to your stand. Each promotion lasts for 30 minutes of flight time.</p>
<h2>Price</h2>
<p>A promotion costs <strong>2,500 Credits</strong> or <strong>25,000 Gift Gems</strong>. The Gift Gems option is there on purpose: many booth owners collect Gift Gems from the donations they receive, and this lets them put that support straight back into their booth.</p>
<h3>Fair skies for everyone</h3>
<ul>
<li>Only one blimp flies at a time, so every promotion has the whole sky to itself.</li>
<li>Promotions are queued in the order they are bought, and the queue is shown in the booth menu.</li>
<li>Each player can book up to two flights per day.</li>
<li>Messages come from a preset list, which keeps the Plaza friendly for players of all ages.</li>
</ul>
<h2>Built from your feedback</h2>
<p>Ever since booths launched, one of the most common requests in our community channels has been a fair way to stand out on busy evenings. We tried banners, signs and spotlights in testing, but nothing felt as joyful as looking up and seeing your own name float past the moon.</p>
<p>We will keep an eye on queue times over the coming weeks and tune the flight length if needed. Tell us how your first flight goes on the <a href="https://games.example.com/communities/kindlewave">game community page</a> – and do not forget to wave when it passes overhead.</p>`,
    featuredImage: '/blog/promotion-blimp.webp',
    publishedDaysAgo: 24,
    tags: ['Updates'],
  },
  {
    title: 'The Paper Comets Play a Live Concert in Donation Plaza',
    slug: 'the-paper-comets-live-concert',
    excerpt:
      'Indie-pop favourites The Paper Comets are bringing a one-night-only concert to the Plaza main stage, with a new song premiere, free merch and a shared donation goal.',
    content: `<p>Get ready to turn the volume up. <strong>The Paper Comets</strong> are coming to Donation Plaza for a one-night-only live concert on the brand-new main stage, and you are all invited.</p>
<p>Watch the teaser we made with the band:</p>
<video controls preload="none" playsinline poster="/blog/paper-comets-teaser-poster.webp" width="1280" height="720"><source src="/blog/paper-comets-teaser.mp4" type="video/mp4"></video>
<h2>What to expect</h2>
<ul>
<li><strong>A full live set</strong> of fan favourites, performed by the band’s motion-captured avatars.</li>
<li><strong>A world premiere</strong> of a brand-new single, played in Donation Plaza before it appears anywhere else.</li>
<li><strong>Paper comets overhead</strong> – thousands of glowing paper planes launched from the crowd during the final chorus.</li>
<li><strong>Free concert merch</strong>, including a tour T-shirt and a light-up comet backpack for everyone who attends.</li>
</ul>
<h2>A shared donation goal</h2>
<p>During the show, a goal bar above the stage tracks every gift sent between players. If the crowd reaches the goal together, the band will play an encore and every attendee unlocks a bonus “Comet Trail” emote. Donations still go to the players you choose – the goal simply celebrates how generous the audience is.</p>
<h3>How to join</h3>
<ol>
<li>Update the game before the show so the concert files are ready.</li>
<li>Head to the main stage at the north end of the Plaza; doors open 30 minutes early.</li>
<li>Extra concert servers open automatically, so there is room for everyone.</li>
</ol>
<blockquote>“We have played a lot of strange venues, but never one where the crowd can throw glowing paper planes at us. We cannot wait.” – The Paper Comets</blockquote>
<p>Can’t make it on the night? We will record the whole show and replay it on the main stage every evening for a week, so nobody misses the premiere. Find out more about the band on <a href="https://papercomets.example.com">The Paper Comets’ website</a>, and keep an eye on this blog for the full set list after the show.</p>`,
    featuredImage: '/blog/paper-comets-concert.webp',
    publishedDaysAgo: 41,
    tags: ['Collaborations', 'Events'],
  },
  {
    title: 'You Are Invited: Our Developer Conference Party',
    slug: 'developer-conference-party',
    excerpt:
      'Kindlewave is hosting its second Developer Conference Party, an invite-only evening with free food, drinks, activities and merch for the creators we build with.',
    content: `<p>Last year’s get-together was such a good time that we are doing it again. Kindlewave is hosting its <strong>second Developer Conference Party</strong>, and this year it is bigger, brighter and a little louder.</p>
<h2>An evening for our community</h2>
<p>The party is our way of thanking the developers, artists, musicians and partners who help make Donation Plaza and our other projects possible. It is <strong>exclusive to invited attendees</strong>, which keeps the evening relaxed and gives everyone time to actually talk to each other.</p>
<p>Here is what is waiting for you:</p>
<ul>
<li><strong>Free food and drinks</strong> all evening, including plenty of vegetarian and alcohol-free options.</li>
<li><strong>Activities</strong> such as a retro arcade corner, a live build challenge and a photo booth with props from Donation Plaza.</li>
<li><strong>Free merch</strong> – limited-edition hoodies, plushies and keychains you will not find in the store.</li>
<li><strong>Sneak peeks</strong> at what our team is working on next, straight from the people building it.</li>
</ul>
<h2>How to get in</h2>
<p>If you received an invitation, head to the <a href="/rdc25">event page</a> for the details and use the RSVP button there to confirm your spot through our Discord community. The venue will be announced to confirmed guests closer to the day.</p>
<h3>A few friendly notes</h3>
<ol>
<li>Invitations are personal, so please bring the name on your invite.</li>
<li>Space is limited; if your plans change, let us know so someone else can come.</li>
<li>Be kind to each other – the same spirit we ask for in the Plaza applies here too.</li>
</ol>
<p>We will have a small trophy table for the winners of the live build challenge, and a lot of confetti for everybody else. Questions? Write to <a href="mailto:hello@kindlewave.studio">hello@kindlewave.studio</a> and a real person will get back to you. We cannot wait to celebrate with you.</p>`,
    featuredImage: '/blog/conference-party.webp',
    publishedDaysAgo: 63,
    tags: ['Events', 'Community'],
  },
  {
    title: 'Donation Plaza Is Nominated at the Pixel Crown Awards',
    slug: 'pixel-crown-awards-nomination',
    excerpt:
      'Donation Plaza has been nominated for Best Community Experience at this year’s Pixel Crown Awards, and we owe it to every player who has ever sent a gift.',
    content: `<p>We have some wonderful news to share: <strong>Donation Plaza has been nominated for Best Community Experience</strong> at this year’s <strong>Pixel Crown Awards</strong>.</p>
<p>The Pixel Crown Awards celebrate the most creative and welcoming games made by independent studios, and every finalist is chosen by a panel of developers, players and critics. Seeing our little plaza of booths, blimps and golden trophies on that shortlist means a great deal to our whole team.</p>
<h2>Why this nomination matters to us</h2>
<p>Donation Plaza has never been about big explosions or high scores. It is about people being kind to each other, one gift at a time. This nomination recognises exactly that, which is why we see it as <em>your</em> nomination as much as ours.</p>
<ul>
<li>It recognises a game built around giving rather than winning.</li>
<li>It highlights the community moderators who keep the Plaza friendly every day.</li>
<li>It shines a light on the charity events players have joined, from livestreams to in-game fundraisers.</li>
</ul>
<h2>What happens next</h2>
<ol>
<li>The judging panel reviews every finalist over the coming weeks.</li>
<li>Winners are revealed at the awards ceremony, which is streamed live.</li>
<li>Each category winner takes home the famous pixel crown trophy.</li>
</ol>
<p>We will host a watch party in the Plaza on the night of the ceremony, with a big screen on the main stage and a confetti cannon on standby, whatever the result. Being shortlisted alongside so many games we admire is already a reward in itself.</p>
<h3>Thank you</h3>
<p>To everyone who has opened a booth, sent a Gift Gem, helped a new player or simply said hello at the fountain: thank you. You built this. You can read more about the nominees on the <a href="https://pixelcrownawards.example.com">Pixel Crown Awards website</a>.</p>`,
    featuredImage: '/blog/pixel-crown-nomination.webp',
    publishedDaysAgo: 88,
    tags: ['Awards'],
  },
]
