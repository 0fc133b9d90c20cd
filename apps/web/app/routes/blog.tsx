import { Page } from "../components/page.js";
import { BLOG_POSTS } from "../content/blog.js";
import { documentMessages } from "../i18n/documents.server.js";
import { formatDate } from "../i18n/format.js";
import { MessagesProvider, useLocale, useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await documentMessages(request, "blog.") };
}

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "blog");

function Posts() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="posts">
      {BLOG_POSTS.map((post) => (
        <article key={post.slug} id={post.slug} className="post" aria-labelledby={`${post.slug}-title`}>
          <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
          <h2 id={`${post.slug}-title`}>{t(`blog.${post.slug}.title`)}</h2>
          {Array.from({ length: post.paragraphs }, (_, i) => `blog.${post.slug}.p${i + 1}`).map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </article>
      ))}
    </div>
  );
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesProvider messages={loaderData.messages}>
      <Page name="blog">
        <Posts />
      </Page>
    </MessagesProvider>
  );
}
