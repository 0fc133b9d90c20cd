import type { TextCatalogue } from "../catalogue.js";

/** English (en-US) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "My Downloads",
  "mail.code.subject.REGISTER": "{code} is your Nimbus sign-up code",
  "mail.code.subject.SIGN_IN": "{code} is your Nimbus sign-in code",
  "mail.code.subject.RESET_PASSWORD": "{code} is your code to reset your Nimbus password",
  "mail.code.subject.CHANGE_EMAIL": "{code} is your code to confirm your new Nimbus email",
  "mail.code.subject.DELETE_ACCOUNT": "{code} is your code to delete your Nimbus account",
  "mail.code.purpose.REGISTER": "Use this code to finish creating your Nimbus account.",
  "mail.code.purpose.SIGN_IN": "Use this code to sign in to Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Use this code to reset your Nimbus password.",
  "mail.code.purpose.CHANGE_EMAIL": "Use this code to confirm this address as your new Nimbus email.",
  "mail.code.purpose.DELETE_ACCOUNT": "Use this code to confirm that you want to delete your Nimbus account.",
  "mail.code.codeIntro": "Your verification code:",
  "mail.code.expiry":
    "The code expires in {minutes, plural, one {# minute} other {# minutes}}. Never share it with anyone: Nimbus will never ask you for it.",
  "mail.code.ignore": "If you did not ask for this code, you can ignore this message.",
  "mail.code.sms":
    "{code} is your Nimbus verification code. It expires in {minutes, plural, one {# minute} other {# minutes}}. Do not share it.",
  "mail.emailChanged.subject": "Your Nimbus email address was changed",
  "mail.emailChanged.changed": "The email address of your Nimbus account was changed to {email} on {time}.",
  "mail.emailChanged.consequence":
    "Sign-in codes and messages about your account now go to the new address; this one no longer receives them.",
  "mail.emailChanged.ifYou": "If you made this change, you do not need to do anything.",
  "mail.emailChanged.notYou":
    "If you did not make this change, someone else may be using your account. Sign in right away, change your password and end the sessions you do not recognize on your account page. If you can no longer sign in, contact us and we will help you get your account back.",
  "mail.emailChanged.contact": "Contact us: {url}",
  "mail.twoFactorReset.subject": "Two-step verification was turned off for your Nimbus account",
  "mail.twoFactorReset.reset":
    "An administrator of this Nimbus server turned off two-step verification for your account on {time}. You can now sign in with your password alone.",
  "mail.twoFactorReset.advice":
    "Once you are signed in, turn two-step verification on again on your account page and keep the new recovery codes somewhere safe.",
  "mail.twoFactorReset.notYou":
    "If you did not ask for this, contact us right away and change your password: someone may be trying to take over your account.",
  "share.status.PASS_CODE_EMPTY": "Enter the passcode to open this share",
  "share.status.PASS_CODE_ERROR": "The passcode is incorrect",
  "share.status.MAX_RESTORE_COUNT": "This share has been saved as many times as it allows",
  "share.status.EXPIRED": "This share has expired",
  "share.status.DELETED": "This share has been cancelled or its files deleted",
  "share.status.SENSITIVE_RESOURCE": "This share contains sensitive content and can't be viewed",
  "share.status.SENSITIVE_WORD": "This share contains sensitive words and can't be viewed",
  "share.status.AUDITING": "This share is being reviewed",
  "share.status.NOT_FOUND": "This share doesn't exist",
  "share.status.PROHIBITED": "This share has been blocked",
  "captcha.title": "Security check",
  "captcha.lead":
    "Confirm you are a person to continue. Your browser solves a short puzzle; nothing is tracked.",
  "captcha.label": "I'm not a robot",
  "captcha.loading": "Loading…",
  "captcha.verifying": "Checking…",
  "captcha.verified": "Verified",
  "captcha.error": "The check failed. Please try again.",
  "captcha.expired": "The check expired. Please try again.",
  "captcha.reload": "Try again",
  "captcha.gone": "This check is no longer valid. Close it and try again.",
  "mail.feedbackReply.subject": "Your Nimbus feedback was answered",
  "mail.feedbackReply.intro": "We answered the feedback you sent on {time}:",
  "mail.feedbackReply.yours": "Your feedback:",
  "mail.feedbackReply.see": "See all your feedback and our replies: {url}",
  "mail.receipt.subject": "Your Nimbus receipt",
  "mail.receipt.thanks": "Thank you for your purchase. This is your receipt.",
  "mail.receipt.line": "{item}: {amount}, paid on {date}.",
  "mail.receipt.order": "Order number: {id}",
  "mail.receipt.item.plan": "Nimbus Premium, {days, plural, one {# day} other {# days}}",
  "mail.receipt.item.storage_pack": "Storage pack, {amount}",
  "mail.receipt.item.traffic_pack": "Download traffic pack, {amount}",
  "mail.premiumExpiry.subject": "Your Nimbus Premium ends in {days, plural, one {# day} other {# days}}",
  "mail.premiumExpiry.body":
    "Your Premium membership ends on {date}. After that your storage quota returns to the free plan's. Your files stay, but while they take more than the free quota you can't upload or save more.",
  "mail.premiumExpiry.keep": "To keep Premium, renew it here:",
} satisfies TextCatalogue;
