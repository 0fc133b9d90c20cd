import type { TextCatalogue } from "../catalogue.js";

/** Japanese (ja) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "マイダウンロード",
  "mail.code.subject.REGISTER": "Nimbus の登録コード：{code}",
  "mail.code.subject.SIGN_IN": "Nimbus のログインコード：{code}",
  "mail.code.subject.RESET_PASSWORD": "Nimbus のパスワード再設定コード：{code}",
  "mail.code.subject.CHANGE_EMAIL": "Nimbus の新しいメールアドレスの確認コード：{code}",
  "mail.code.subject.DELETE_ACCOUNT": "Nimbus アカウント削除の確認コード：{code}",
  "mail.code.purpose.REGISTER": "このコードを入力して Nimbus アカウントの作成を完了してください。",
  "mail.code.purpose.SIGN_IN": "このコードを入力して Nimbus にログインしてください。",
  "mail.code.purpose.RESET_PASSWORD": "このコードを入力して Nimbus のパスワードを再設定してください。",
  "mail.code.purpose.CHANGE_EMAIL":
    "このコードを入力して、このアドレスを Nimbus の新しいメールアドレスとして確認してください。",
  "mail.code.purpose.DELETE_ACCOUNT": "このコードを入力して、Nimbus アカウントの削除を確認してください。",
  "mail.code.codeIntro": "確認コード:",
  "mail.code.expiry":
    "コードの有効期限は {minutes} 分です。誰にも教えないでください。Nimbus がコードを尋ねることはありません。",
  "mail.code.ignore": "このコードに心当たりがない場合は、このメッセージを無視してください。",
  "mail.code.sms":
    "Nimbus の確認コードは {code} です。有効期限は {minutes} 分です。他人に教えないでください。",
  "mail.emailChanged.subject": "Nimbus のメールアドレスが変更されました",
  "mail.emailChanged.changed": "{time}に、Nimbus アカウントのメールアドレスが {email} に変更されました。",
  "mail.emailChanged.consequence":
    "今後、ログインコードやアカウントに関するお知らせは新しいアドレスに届き、このアドレスには届きません。",
  "mail.emailChanged.ifYou": "ご自身で変更した場合は、特に操作は必要ありません。",
  "mail.emailChanged.notYou":
    "この変更に心当たりがない場合は、第三者があなたのアカウントを使用している可能性があります。すぐにログインしてパスワードを変更し、アカウントページで心当たりのないセッションを終了してください。ログインできなくなった場合はお問い合わせください。アカウントの回復をお手伝いします。",
  "mail.emailChanged.contact": "お問い合わせ: {url}",
  "mail.twoFactorReset.subject": "Nimbus アカウントの 2 段階認証がオフになりました",
  "mail.twoFactorReset.reset":
    "この Nimbus サーバーの管理者が {time} にあなたのアカウントの 2 段階認証をオフにしました。現在はパスワードだけでログインできます。",
  "mail.twoFactorReset.advice":
    "ログインしたら、アカウントページで 2 段階認証をもう一度オンにし、新しいリカバリーコードを安全な場所に保管してください。",
  "mail.twoFactorReset.notYou":
    "心当たりがない場合は、すぐにお問い合わせのうえパスワードを変更してください。第三者がアカウントを乗っ取ろうとしている可能性があります。",
  "share.status.PASS_CODE_EMPTY": "この共有を開くにはパスコードを入力してください",
  "share.status.PASS_CODE_ERROR": "パスコードが正しくありません",
  "share.status.MAX_RESTORE_COUNT": "この共有は保存できる回数の上限に達しました",
  "share.status.EXPIRED": "この共有は有効期限が切れています",
  "share.status.DELETED": "この共有は取り消されたか、ファイルが削除されました",
  "share.status.SENSITIVE_RESOURCE": "この共有には不適切なコンテンツが含まれているため表示できません",
  "share.status.SENSITIVE_WORD": "この共有には不適切な語句が含まれているため表示できません",
  "share.status.AUDITING": "この共有は審査中です",
  "share.status.NOT_FOUND": "この共有は存在しません",
  "share.status.PROHIBITED": "この共有はブロックされています",
  "captcha.title": "セキュリティチェック",
  "captcha.lead":
    "続行するには人間であることを確認してください。ブラウザーが短いパズルを解きます。追跡は行いません。",
  "captcha.label": "私はロボットではありません",
  "captcha.loading": "読み込み中…",
  "captcha.verifying": "確認中…",
  "captcha.verified": "確認済み",
  "captcha.error": "確認に失敗しました。もう一度お試しください。",
  "captcha.expired": "確認の有効期限が切れました。もう一度お試しください。",
  "captcha.reload": "再試行",
  "captcha.gone": "この確認は無効になりました。閉じてからもう一度お試しください。",
  "mail.feedbackReply.subject": "Nimbus へのフィードバックに返信しました",
  "mail.feedbackReply.intro": "{time} にお送りいただいたフィードバックに返信しました：",
  "mail.feedbackReply.yours": "お送りいただいたフィードバック：",
  "mail.feedbackReply.see": "これまでのフィードバックと返信はこちらで確認できます：{url}",
  "mail.receipt.subject": "Nimbus の領収書",
  "mail.receipt.thanks": "ご購入ありがとうございます。領収書をお送りします。",
  "mail.receipt.line": "{item}: {amount}（{date} にお支払い）",
  "mail.receipt.order": "注文番号: {id}",
  "mail.receipt.item.plan": "Nimbus プレミアム {days} 日間",
  "mail.receipt.item.storage_pack": "ストレージパック {amount}",
  "mail.receipt.item.traffic_pack": "ダウンロード通信量パック {amount}",
  "mail.premiumExpiry.subject": "Nimbus プレミアムはあと {days} 日で終了します",
  "mail.premiumExpiry.body":
    "プレミアム会員は {date} に終了します。その後、ストレージ容量は無料プランの容量に戻ります。ファイルは削除されませんが、無料プランの容量を超えている間はアップロードや保存ができません。",
  "mail.premiumExpiry.keep": "プレミアムを続けるには、こちらから更新してください:",
} satisfies TextCatalogue;
