import type { TextCatalogue } from "../catalogue.js";

/** Ukrainian (uk) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "Мої завантаження",
  "mail.code.subject.REGISTER": "{code} — код для реєстрації в Nimbus",
  "mail.code.subject.SIGN_IN": "{code} — код для входу в Nimbus",
  "mail.code.subject.RESET_PASSWORD": "{code} — код для скидання пароля Nimbus",
  "mail.code.subject.CHANGE_EMAIL": "{code} — код для підтвердження нової пошти в Nimbus",
  "mail.code.subject.DELETE_ACCOUNT": "{code} — код для видалення облікового запису Nimbus",
  "mail.code.purpose.REGISTER": "Введіть цей код, щоб завершити створення облікового запису Nimbus.",
  "mail.code.purpose.SIGN_IN": "Введіть цей код, щоб увійти в Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Введіть цей код, щоб скинути пароль Nimbus.",
  "mail.code.purpose.CHANGE_EMAIL": "Введіть цей код, щоб підтвердити цю адресу як нову пошту для Nimbus.",
  "mail.code.purpose.DELETE_ACCOUNT": "Введіть цей код, щоб підтвердити видалення облікового запису Nimbus.",
  "mail.code.codeIntro": "Ваш код підтвердження:",
  "mail.code.expiry":
    "Код дійсний {minutes, plural, one {# хвилину} few {# хвилини} many {# хвилин} other {# хвилини}}. Нікому його не повідомляйте: Nimbus ніколи не попросить його у вас.",
  "mail.code.ignore": "Якщо ви не запитували цей код, просто проігноруйте цей лист.",
  "mail.code.sms":
    "{code} — ваш код підтвердження Nimbus. Дійсний {minutes, plural, one {# хвилину} few {# хвилини} many {# хвилин} other {# хвилини}}. Нікому його не повідомляйте.",
  "mail.emailChanged.subject": "Адресу пошти вашого облікового запису Nimbus змінено",
  "mail.emailChanged.changed": "Адресу пошти вашого облікового запису Nimbus було змінено на {email} {time}.",
  "mail.emailChanged.consequence":
    "Коди для входу та листи щодо облікового запису тепер надходять на нову адресу; на цю адресу вони більше не надходять.",
  "mail.emailChanged.ifYou": "Якщо це зробили ви, нічого робити не потрібно.",
  "mail.emailChanged.notYou":
    "Якщо ви цього не робили, можливо, вашим обліковим записом користується хтось інший. Негайно увійдіть, змініть пароль і завершіть незнайомі сеанси на сторінці облікового запису. Якщо увійти більше не вдається, зв’яжіться з нами — ми допоможемо відновити доступ до облікового запису.",
  "mail.emailChanged.contact": "Зв’язатися з нами: {url}",
  "mail.twoFactorReset.subject": "Двоетапну перевірку для вашого облікового запису Nimbus вимкнено",
  "mail.twoFactorReset.reset":
    "Адміністратор цього сервера Nimbus вимкнув двоетапну перевірку для вашого облікового запису {time}. Тепер ви можете входити лише за паролем.",
  "mail.twoFactorReset.advice":
    "Після входу знову увімкніть двоетапну перевірку на сторінці облікового запису та збережіть нові коди відновлення в надійному місці.",
  "mail.twoFactorReset.notYou":
    "Якщо ви про це не просили, негайно зв’яжіться з нами та змініть пароль: можливо, хтось намагається заволодіти вашим обліковим записом.",
  "share.status.PASS_CODE_EMPTY": "Введіть код доступу, щоб відкрити це посилання",
  "share.status.PASS_CODE_ERROR": "Неправильний код доступу",
  "share.status.MAX_RESTORE_COUNT": "Це посилання вже збережено максимально дозволену кількість разів",
  "share.status.EXPIRED": "Термін дії посилання минув",
  "share.status.DELETED": "Доступ за посиланням скасовано або файли видалено",
  "share.status.SENSITIVE_RESOURCE": "За посиланням є неприйнятний вміст, перегляд неможливий",
  "share.status.SENSITIVE_WORD": "Посилання містить неприйнятні слова, перегляд неможливий",
  "share.status.AUDITING": "Посилання проходить перевірку",
  "share.status.NOT_FOUND": "Такого посилання не існує",
  "share.status.PROHIBITED": "Посилання заблоковано",
  "captcha.title": "Перевірка безпеки",
  "captcha.lead":
    "Підтвердьте, що ви людина, щоб продовжити. Браузер розв'яже коротку задачу; нічого не відстежується.",
  "captcha.label": "Я не робот",
  "captcha.loading": "Завантаження…",
  "captcha.verifying": "Перевірка…",
  "captcha.verified": "Перевірено",
  "captcha.error": "Перевірку не пройдено. Спробуйте ще раз.",
  "captcha.expired": "Час перевірки минув. Спробуйте ще раз.",
  "captcha.reload": "Повторити",
  "captcha.gone": "Ця перевірка більше не дійсна. Закрийте її та спробуйте знову.",
  "mail.feedbackReply.subject": "Ми відповіли на ваш відгук про Nimbus",
  "mail.feedbackReply.intro": "Ми відповіли на відгук, який ви надіслали {time}:",
  "mail.feedbackReply.yours": "Ваш відгук:",
  "mail.feedbackReply.see": "Усі ваші відгуки та наші відповіді: {url}",
  "mail.receipt.subject": "Ваш чек Nimbus",
  "mail.receipt.thanks": "Дякуємо за покупку. Ось ваш чек.",
  "mail.receipt.line": "{item}: {amount}, сплачено {date}.",
  "mail.receipt.order": "Номер замовлення: {id}",
  "mail.receipt.item.plan":
    "Nimbus Преміум, {days, plural, one {# день} few {# дні} many {# днів} other {# дня}}",
  "mail.receipt.item.storage_pack": "Пакет сховища, {amount}",
  "mail.receipt.item.traffic_pack": "Пакет трафіку для завантаження, {amount}",
  "mail.premiumExpiry.subject":
    "Ваш Nimbus Преміум закінчиться через {days, plural, one {# день} few {# дні} many {# днів} other {# дня}}",
  "mail.premiumExpiry.body":
    "Ваша підписка Преміум закінчиться {date}. Після цього обсяг сховища повернеться до безкоштовного. Файли залишаться, але поки вони займають більше за безкоштовний обсяг, завантажувати й зберігати нові не можна.",
  "mail.premiumExpiry.keep": "Щоб зберегти Преміум, продовжте його тут:",
} satisfies TextCatalogue;
