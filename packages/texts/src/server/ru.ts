import type { TextCatalogue } from "../catalogue.js";

/** Russian (ru) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "Мои загрузки",
  "mail.code.subject.REGISTER": "{code} — код для регистрации в Nimbus",
  "mail.code.subject.SIGN_IN": "{code} — код для входа в Nimbus",
  "mail.code.subject.RESET_PASSWORD": "{code} — код для сброса пароля Nimbus",
  "mail.code.subject.CHANGE_EMAIL": "{code} — код для подтверждения новой почты в Nimbus",
  "mail.code.subject.DELETE_ACCOUNT": "{code} — код для удаления аккаунта Nimbus",
  "mail.code.purpose.REGISTER": "Введите этот код, чтобы завершить создание аккаунта Nimbus.",
  "mail.code.purpose.SIGN_IN": "Введите этот код, чтобы войти в Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Введите этот код, чтобы сбросить пароль Nimbus.",
  "mail.code.purpose.CHANGE_EMAIL":
    "Введите этот код, чтобы подтвердить этот адрес как новую почту для Nimbus.",
  "mail.code.purpose.DELETE_ACCOUNT": "Введите этот код, чтобы подтвердить удаление аккаунта Nimbus.",
  "mail.code.codeIntro": "Ваш код подтверждения:",
  "mail.code.expiry":
    "Код действует {minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}. Никому его не сообщайте: Nimbus никогда не попросит его у вас.",
  "mail.code.ignore": "Если вы не запрашивали этот код, просто проигнорируйте это письмо.",
  "mail.code.sms":
    "{code} — ваш код подтверждения Nimbus. Действует {minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}. Никому его не сообщайте.",
  "mail.emailChanged.subject": "Адрес почты вашего аккаунта Nimbus изменён",
  "mail.emailChanged.changed": "Адрес почты вашего аккаунта Nimbus был изменён на {email} {time}.",
  "mail.emailChanged.consequence":
    "Коды для входа и письма об аккаунте теперь приходят на новый адрес; на этот адрес они больше не приходят.",
  "mail.emailChanged.ifYou": "Если это сделали вы, ничего делать не нужно.",
  "mail.emailChanged.notYou":
    "Если вы этого не делали, возможно, вашим аккаунтом пользуется кто-то другой. Сразу войдите в аккаунт, смените пароль и завершите незнакомые сеансы на странице аккаунта. Если войти больше не получается, свяжитесь с нами — мы поможем вернуть доступ к аккаунту.",
  "mail.emailChanged.contact": "Связаться с нами: {url}",
  "mail.twoFactorReset.subject": "Двухэтапная проверка для вашего аккаунта Nimbus отключена",
  "mail.twoFactorReset.reset":
    "Администратор этого сервера Nimbus отключил двухэтапную проверку для вашего аккаунта {time}. Теперь вы можете входить только по паролю.",
  "mail.twoFactorReset.advice":
    "После входа снова включите двухэтапную проверку на странице аккаунта и сохраните новые коды восстановления в надёжном месте.",
  "mail.twoFactorReset.notYou":
    "Если вы об этом не просили, сразу свяжитесь с нами и смените пароль: возможно, кто-то пытается завладеть вашим аккаунтом.",
  "share.status.PASS_CODE_EMPTY": "Введите код доступа, чтобы открыть эту ссылку",
  "share.status.PASS_CODE_ERROR": "Неверный код доступа",
  "share.status.MAX_RESTORE_COUNT": "Эту ссылку уже сохранили максимально допустимое число раз",
  "share.status.EXPIRED": "Срок действия ссылки истёк",
  "share.status.DELETED": "Доступ по ссылке отменён или файлы удалены",
  "share.status.SENSITIVE_RESOURCE": "По ссылке находится недопустимое содержимое, просмотр невозможен",
  "share.status.SENSITIVE_WORD": "Ссылка содержит недопустимые слова, просмотр невозможен",
  "share.status.AUDITING": "Ссылка проходит проверку",
  "share.status.NOT_FOUND": "Такой ссылки не существует",
  "share.status.PROHIBITED": "Ссылка заблокирована",
  "captcha.title": "Проверка безопасности",
  "captcha.lead":
    "Подтвердите, что вы человек, чтобы продолжить. Браузер решит короткую задачу; ничего не отслеживается.",
  "captcha.label": "Я не робот",
  "captcha.loading": "Загрузка…",
  "captcha.verifying": "Проверка…",
  "captcha.verified": "Проверено",
  "captcha.error": "Проверка не пройдена. Попробуйте ещё раз.",
  "captcha.expired": "Время проверки истекло. Попробуйте ещё раз.",
  "captcha.reload": "Повторить",
  "captcha.gone": "Эта проверка больше недействительна. Закройте её и попробуйте снова.",
  "mail.feedbackReply.subject": "Мы ответили на ваш отзыв о Nimbus",
  "mail.feedbackReply.intro": "Мы ответили на отзыв, который вы отправили {time}:",
  "mail.feedbackReply.yours": "Ваш отзыв:",
  "mail.feedbackReply.see": "Все ваши отзывы и наши ответы: {url}",
  "mail.receipt.subject": "Ваш чек Nimbus",
  "mail.receipt.thanks": "Спасибо за покупку. Вот ваш чек.",
  "mail.receipt.line": "{item}: {amount}, оплачено {date}.",
  "mail.receipt.order": "Номер заказа: {id}",
  "mail.receipt.item.plan":
    "Nimbus Премиум, {days, plural, one {# день} few {# дня} many {# дней} other {# дня}}",
  "mail.receipt.item.storage_pack": "Пакет хранилища, {amount}",
  "mail.receipt.item.traffic_pack": "Пакет трафика для скачивания, {amount}",
  "mail.premiumExpiry.subject":
    "Ваш Nimbus Премиум закончится через {days, plural, one {# день} few {# дня} many {# дней} other {# дня}}",
  "mail.premiumExpiry.body":
    "Ваша подписка Премиум закончится {date}. После этого объём хранилища вернётся к бесплатному. Файлы останутся, но пока они занимают больше бесплатного объёма, загружать и сохранять новые нельзя.",
  "mail.premiumExpiry.keep": "Чтобы сохранить Премиум, продлите его здесь:",
} satisfies TextCatalogue;
