import type { Locale } from "@nimbus/protocol";

/**
 * The mail telling the old address that the account's email changed, in one language.
 * `{email}` is the new address (masked), `{time}` the change's date and time (UTC, in the
 * reader's format), `{url}` the contact page.
 */
export interface EmailChangedTexts {
  subject: string;
  changed: string;
  consequence: string;
  ifYou: string;
  notYou: string;
  contact: string;
}

export const EMAIL_CHANGED_TEXTS: Record<Locale, EmailChangedTexts> = {
  "en-US": {
    subject: "Your Nimbus email address was changed",
    changed: "The email address of your Nimbus account was changed to {email} on {time}.",
    consequence:
      "Sign-in codes and messages about your account now go to the new address; this one no longer receives them.",
    ifYou: "If you made this change, you do not need to do anything.",
    notYou:
      "If you did not make this change, someone else may be using your account. Sign in right away, change your password and end the sessions you do not recognize on your account page. If you can no longer sign in, contact us and we will help you get your account back.",
    contact: "Contact us: {url}",
  },
  es: {
    subject: "Se cambió el correo de tu cuenta de Nimbus",
    changed: "El correo de tu cuenta de Nimbus se cambió a {email} el {time}.",
    consequence:
      "Los códigos de inicio de sesión y los mensajes sobre tu cuenta ahora llegan a la nueva dirección; esta ya no los recibe.",
    ifYou: "Si hiciste este cambio, no tienes que hacer nada.",
    notYou:
      "Si no hiciste este cambio, es posible que otra persona esté usando tu cuenta. Inicia sesión de inmediato, cambia tu contraseña y cierra las sesiones que no reconozcas en la página de tu cuenta. Si ya no puedes iniciar sesión, contáctanos y te ayudaremos a recuperar tu cuenta.",
    contact: "Contáctanos: {url}",
  },
  id: {
    subject: "Alamat email Nimbus Anda telah diubah",
    changed: "Alamat email akun Nimbus Anda telah diubah menjadi {email} pada {time}.",
    consequence:
      "Kode masuk dan pesan tentang akun Anda kini dikirim ke alamat baru; alamat ini tidak lagi menerimanya.",
    ifYou: "Jika Anda yang melakukan perubahan ini, Anda tidak perlu melakukan apa pun.",
    notYou:
      "Jika Anda tidak melakukan perubahan ini, orang lain mungkin sedang menggunakan akun Anda. Segera masuk, ubah kata sandi Anda, dan akhiri sesi yang tidak Anda kenali di halaman akun Anda. Jika Anda tidak bisa masuk lagi, hubungi kami dan kami akan membantu memulihkan akun Anda.",
    contact: "Hubungi kami: {url}",
  },
  ja: {
    subject: "Nimbus のメールアドレスが変更されました",
    changed: "{time}に、Nimbus アカウントのメールアドレスが {email} に変更されました。",
    consequence:
      "今後、ログインコードやアカウントに関するお知らせは新しいアドレスに届き、このアドレスには届きません。",
    ifYou: "ご自身で変更した場合は、特に操作は必要ありません。",
    notYou:
      "この変更に心当たりがない場合は、第三者があなたのアカウントを使用している可能性があります。すぐにログインしてパスワードを変更し、アカウントページで心当たりのないセッションを終了してください。ログインできなくなった場合はお問い合わせください。アカウントの回復をお手伝いします。",
    contact: "お問い合わせ: {url}",
  },
  ko: {
    subject: "Nimbus 이메일 주소가 변경되었습니다",
    changed: "{time}에 Nimbus 계정의 이메일 주소가 {email}(으)로 변경되었습니다.",
    consequence:
      "이제 로그인 인증 코드와 계정 관련 메일은 새 주소로 전송되며, 이 주소로는 더 이상 전송되지 않습니다.",
    ifYou: "직접 변경하신 경우에는 아무 조치도 필요하지 않습니다.",
    notYou:
      "직접 변경하지 않으셨다면 다른 사람이 계정을 사용하고 있을 수 있습니다. 즉시 로그인하여 비밀번호를 변경하고, 계정 페이지에서 알 수 없는 세션을 종료하세요. 더 이상 로그인할 수 없다면 문의해 주세요. 계정을 되찾으실 수 있도록 도와드리겠습니다.",
    contact: "문의하기: {url}",
  },
  ms: {
    subject: "Alamat e-mel Nimbus anda telah ditukar",
    changed: "Alamat e-mel akaun Nimbus anda telah ditukar kepada {email} pada {time}.",
    consequence:
      "Kod log masuk dan mesej tentang akaun anda kini dihantar ke alamat baharu; alamat ini tidak lagi menerimanya.",
    ifYou: "Jika anda yang membuat perubahan ini, anda tidak perlu berbuat apa-apa.",
    notYou:
      "Jika anda tidak membuat perubahan ini, orang lain mungkin sedang menggunakan akaun anda. Log masuk dengan segera, tukar kata laluan anda dan tamatkan sesi yang tidak anda kenali di halaman akaun anda. Jika anda tidak dapat log masuk lagi, hubungi kami dan kami akan membantu anda mendapatkan semula akaun anda.",
    contact: "Hubungi kami: {url}",
  },
  pt: {
    subject: "O e-mail da sua conta do Nimbus foi alterado",
    changed: "O e-mail da sua conta do Nimbus foi alterado para {email} em {time}.",
    consequence:
      "Os códigos de acesso e as mensagens sobre sua conta agora vão para o novo endereço; este não os recebe mais.",
    ifYou: "Se foi você quem fez essa alteração, não precisa fazer nada.",
    notYou:
      "Se você não fez essa alteração, outra pessoa pode estar usando sua conta. Entre imediatamente, altere sua senha e encerre as sessões que você não reconhece na página da sua conta. Se não conseguir mais entrar, fale conosco e ajudaremos você a recuperar sua conta.",
    contact: "Fale conosco: {url}",
  },
  ru: {
    subject: "Адрес почты вашего аккаунта Nimbus изменён",
    changed: "Адрес почты вашего аккаунта Nimbus был изменён на {email} {time}.",
    consequence:
      "Коды для входа и письма об аккаунте теперь приходят на новый адрес; на этот адрес они больше не приходят.",
    ifYou: "Если это сделали вы, ничего делать не нужно.",
    notYou:
      "Если вы этого не делали, возможно, вашим аккаунтом пользуется кто-то другой. Сразу войдите в аккаунт, смените пароль и завершите незнакомые сеансы на странице аккаунта. Если войти больше не получается, свяжитесь с нами — мы поможем вернуть доступ к аккаунту.",
    contact: "Связаться с нами: {url}",
  },
  uk: {
    subject: "Адресу пошти вашого облікового запису Nimbus змінено",
    changed: "Адресу пошти вашого облікового запису Nimbus було змінено на {email} {time}.",
    consequence:
      "Коди для входу та листи щодо облікового запису тепер надходять на нову адресу; на цю адресу вони більше не надходять.",
    ifYou: "Якщо це зробили ви, нічого робити не потрібно.",
    notYou:
      "Якщо ви цього не робили, можливо, вашим обліковим записом користується хтось інший. Негайно увійдіть, змініть пароль і завершіть незнайомі сеанси на сторінці облікового запису. Якщо увійти більше не вдається, зв’яжіться з нами — ми допоможемо відновити доступ до облікового запису.",
    contact: "Зв’язатися з нами: {url}",
  },
  "zh-CN": {
    subject: "您的 Nimbus 邮箱地址已更改",
    changed: "您的 Nimbus 账号邮箱已于 {time} 更改为 {email}。",
    consequence: "今后登录验证码和账号相关邮件将发送到新地址，此地址将不再收到。",
    ifYou: "如果是您本人进行的更改，无需任何操作。",
    notYou:
      "如果这不是您本人的操作，可能有他人正在使用您的账号。请立即登录、修改密码，并在账号页面结束您不认识的会话。如果已无法登录，请联系我们，我们会协助您找回账号。",
    contact: "联系我们：{url}",
  },
  "zh-TW": {
    subject: "您的 Nimbus 電子郵件地址已變更",
    changed: "您的 Nimbus 帳號電子郵件已於 {time} 變更為 {email}。",
    consequence: "之後登入驗證碼與帳號相關郵件將寄送至新地址，此地址將不再收到。",
    ifYou: "如果是您本人進行的變更，無需任何操作。",
    notYou:
      "如果這不是您本人的操作，可能有他人正在使用您的帳號。請立即登入、變更密碼，並在帳號頁面結束您不認得的工作階段。如果已無法登入，請聯絡我們，我們會協助您取回帳號。",
    contact: "聯絡我們：{url}",
  },
};
