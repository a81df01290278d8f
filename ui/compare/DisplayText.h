#pragma once
// The core's display names and numbers as QStrings, for the pages and
// widgets: one place where a law id, a friction model or a view id becomes
// the words a user reads (core/diagram/DisplayNames.h), and a number the
// digits they read (core/diagram/DisplayNumber.h).
#include <QString>
#include <string>

#include "diagram/DisplayNames.h"
#include "diagram/DisplayNumber.h"

namespace impactlab::ui {

// Any core string (a name, a reason, a unit) as the widgets take it.
inline QString toQString(const std::string& s) { return QString::fromStdString(s); }

inline QString lawDisplayName(const std::string& lawId) { return QString::fromStdString(getLawDisplayName(lawId)); }
inline QString lawDisplayName(const QString& lawId) { return lawDisplayName(lawId.toStdString()); }
inline QString frictionModelDisplayName(const std::string& model) {
    return QString::fromStdString(getFrictionModelDisplayName(model));
}
// A shared view's tab title; `fallback` for a view the table does not hold.
inline QString viewDisplayName(const char* viewId, const QString& fallback = QString()) {
    const std::string name = findViewDisplayName(viewId);
    return name.empty() ? fallback : QString::fromStdString(name);
}

inline QString displayNumber(double x, double scale, int digits = kDisplayDigits) {
    return QString::fromStdString(formatDisplayNumber(x, scale, digits));
}
inline QString displayNumber(double x, int digits = kDisplayDigits) {
    return QString::fromStdString(formatDisplayNumber(x, digits));
}
inline QString displayVector(const Vec3& v, int digits = kDisplayDigits) {
    return QString::fromStdString(formatDisplayVector(v, digits));
}
inline QString displayVector(const Vec3& v, double scale, int digits = kDisplayDigits) {
    return QString::fromStdString(formatDisplayVector(v, scale, digits));
}
// "1 impact", "3 impacts": English plurals of a count.
inline QString countOf(long long n, const QString& singular, const QString& plural) {
    return QString("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

}  // namespace impactlab::ui
