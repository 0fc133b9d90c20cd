import type { TextCatalogue } from "../catalogue.js";

/** Spanish (es) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "Mis descargas",
  "mail.code.subject.REGISTER": "{code} es tu código de registro de Nimbus",
  "mail.code.subject.SIGN_IN": "{code} es tu código de inicio de sesión de Nimbus",
  "mail.code.subject.RESET_PASSWORD": "{code} es tu código para restablecer tu contraseña de Nimbus",
  "mail.code.subject.CHANGE_EMAIL": "{code} es tu código para confirmar tu nuevo correo de Nimbus",
  "mail.code.subject.DELETE_ACCOUNT": "{code} es tu código para eliminar tu cuenta de Nimbus",
  "mail.code.purpose.REGISTER": "Usa este código para terminar de crear tu cuenta de Nimbus.",
  "mail.code.purpose.SIGN_IN": "Usa este código para iniciar sesión en Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Usa este código para restablecer tu contraseña de Nimbus.",
  "mail.code.purpose.CHANGE_EMAIL":
    "Usa este código para confirmar esta dirección como tu nuevo correo de Nimbus.",
  "mail.code.purpose.DELETE_ACCOUNT":
    "Usa este código para confirmar que quieres eliminar tu cuenta de Nimbus.",
  "mail.code.codeIntro": "Tu código de verificación:",
  "mail.code.expiry":
    "El código caduca en {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}. No lo compartas con nadie: Nimbus nunca te lo pedirá.",
  "mail.code.ignore": "Si no pediste este código, puedes ignorar este mensaje.",
  "mail.code.sms":
    "{code} es tu código de verificación de Nimbus. Caduca en {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}. No lo compartas.",
  "mail.emailChanged.subject": "Se cambió el correo de tu cuenta de Nimbus",
  "mail.emailChanged.changed": "El correo de tu cuenta de Nimbus se cambió a {email} el {time}.",
  "mail.emailChanged.consequence":
    "Los códigos de inicio de sesión y los mensajes sobre tu cuenta ahora llegan a la nueva dirección; esta ya no los recibe.",
  "mail.emailChanged.ifYou": "Si hiciste este cambio, no tienes que hacer nada.",
  "mail.emailChanged.notYou":
    "Si no hiciste este cambio, es posible que otra persona esté usando tu cuenta. Inicia sesión de inmediato, cambia tu contraseña y cierra las sesiones que no reconozcas en la página de tu cuenta. Si ya no puedes iniciar sesión, contáctanos y te ayudaremos a recuperar tu cuenta.",
  "mail.emailChanged.contact": "Contáctanos: {url}",
  "mail.twoFactorReset.subject": "Se desactivó la verificación en dos pasos de tu cuenta de Nimbus",
  "mail.twoFactorReset.reset":
    "Un administrador de este servidor de Nimbus desactivó la verificación en dos pasos de tu cuenta el {time}. Ahora puedes iniciar sesión solo con tu contraseña.",
  "mail.twoFactorReset.advice":
    "Cuando hayas iniciado sesión, vuelve a activar la verificación en dos pasos en la página de tu cuenta y guarda los nuevos códigos de recuperación en un lugar seguro.",
  "mail.twoFactorReset.notYou":
    "Si no lo pediste, contáctanos de inmediato y cambia tu contraseña: alguien podría estar intentando apoderarse de tu cuenta.",
  "share.status.PASS_CODE_EMPTY": "Introduce el código de acceso para abrir este enlace compartido",
  "share.status.PASS_CODE_ERROR": "El código de acceso es incorrecto",
  "share.status.MAX_RESTORE_COUNT": "Este enlace compartido ya se ha guardado el máximo de veces permitido",
  "share.status.EXPIRED": "Este enlace compartido ha caducado",
  "share.status.DELETED": "Este enlace compartido se ha cancelado o sus archivos se han eliminado",
  "share.status.SENSITIVE_RESOURCE": "Este enlace compartido tiene contenido sensible y no se puede ver",
  "share.status.SENSITIVE_WORD": "Este enlace compartido contiene palabras sensibles y no se puede ver",
  "share.status.AUDITING": "Este enlace compartido está en revisión",
  "share.status.NOT_FOUND": "Este enlace compartido no existe",
  "share.status.PROHIBITED": "Este enlace compartido ha sido bloqueado",
  "captcha.title": "Control de seguridad",
  "captcha.lead":
    "Confirma que eres una persona para continuar. Tu navegador resuelve un breve acertijo; no se rastrea nada.",
  "captcha.label": "No soy un robot",
  "captcha.loading": "Cargando…",
  "captcha.verifying": "Comprobando…",
  "captcha.verified": "Verificado",
  "captcha.error": "La comprobación ha fallado. Inténtalo de nuevo.",
  "captcha.expired": "La comprobación ha caducado. Inténtalo de nuevo.",
  "captcha.reload": "Reintentar",
  "captcha.gone": "Esta comprobación ya no es válida. Ciérrala y vuelve a intentarlo.",
  "mail.feedbackReply.subject": "Respondimos a tus comentarios en Nimbus",
  "mail.feedbackReply.intro": "Respondimos a los comentarios que enviaste el {time}:",
  "mail.feedbackReply.yours": "Tus comentarios:",
  "mail.feedbackReply.see": "Consulta todos tus comentarios y nuestras respuestas: {url}",
  "mail.receipt.subject": "Tu recibo de Nimbus",
  "mail.receipt.thanks": "Gracias por tu compra. Este es tu recibo.",
  "mail.receipt.line": "{item}: {amount}, pagado el {date}.",
  "mail.receipt.order": "Número de pedido: {id}",
  "mail.receipt.item.plan": "Nimbus Premium, {days, plural, one {# día} many {# de días} other {# días}}",
  "mail.receipt.item.storage_pack": "Paquete de almacenamiento, {amount}",
  "mail.receipt.item.traffic_pack": "Paquete de tráfico de descarga, {amount}",
  "mail.premiumExpiry.subject":
    "Tu Nimbus Premium termina en {days, plural, one {# día} many {# de días} other {# días}}",
  "mail.premiumExpiry.body":
    "Tu membresía Premium termina el {date}. Después, tu cuota de almacenamiento vuelve a la del plan gratuito. Tus archivos se conservan, pero mientras ocupen más que la cuota gratuita no podrás subir ni guardar más.",
  "mail.premiumExpiry.keep": "Para mantener Premium, renuévalo aquí:",
} satisfies TextCatalogue;
