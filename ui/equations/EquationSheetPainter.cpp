#include "equations/EquationSheetPainter.h"

#include <QAbstractTextDocumentLayout>
#include <QFile>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextDocument>
#include <algorithm>
#include <cmath>

#include "compare/DisplayText.h"
#include "diagram/DisplayNumber.h"

// The SVGs are compiled into the static ui library, whose resource
// initialiser the linker would drop: register it explicitly (outside any
// namespace, as Q_INIT_RESOURCE requires).
static void initEquationResources() { Q_INIT_RESOURCE(equations); }

namespace impactlab::ui {

namespace {

void ensureEquationResources() {
    static const bool done = (initEquationResources(), true);
    (void)done;
}

// The scale a component is judged against: the quantity's own unless set.
double getQuantityScale(const EquationQuantity& q) {
    if (q.scale > 0.0) return q.scale;
    double s = 0.0;
    for (double v : q.values) s = std::max(s, std::abs(v));
    return s;
}

QString withUnit(const QString& text, const std::string& unit) {
    return unit.empty() ? text : text + " " + toQString(unit);
}

}  // namespace

QString formatEquationQuantity(const EquationQuantity& q) {
    const double scale = getQuantityScale(q);
    if (q.values.size() == 1) return toQString(formatDisplayNumber(q.values[0]));
    if (q.values.size() == 3)
        return toQString(formatDisplayVector(Vec3(q.values[0], q.values[1], q.values[2]), scale));
    QStringList rows;
    for (std::size_t r = 0; r + 2 < q.values.size(); r += 3)
        rows << toQString(formatDisplayVector(Vec3(q.values[r], q.values[r + 1], q.values[r + 2]), scale));
    return rows.join("; ");
}

QString formatConditionSide(const EquationCondition& c, double value) {
    // Each side against the larger of the two, so the round-off left in a
    // side that should be 0 (v_n+ of an inelastic law) reads 0.
    return toQString(formatDisplayNumber(value, std::max(std::abs(c.lhs), std::abs(c.rhs))));
}

struct EquationSheetLayout::Block {
    std::shared_ptr<QSvgRenderer> svg;
    std::shared_ptr<QTextDocument> text;
    QRectF rect;
};

EquationSheetLayout::EquationSheetLayout(const EquationSheet& sheet, const QString& caption, double width,
                                         const QFont& font) {
    ensureEquationResources();
    const double inner = std::max(100.0, width - 2.0 * kEquationSheetMargin);
    double y = kEquationSheetMargin;
    double right = 0.0;
    const auto addText = [&](const QString& html) {
        auto doc = std::make_shared<QTextDocument>();
        doc->setDefaultFont(font);
        doc->setDocumentMargin(0.0);
        doc->setHtml(html);
        doc->setTextWidth(inner);
        const QSizeF s(doc->idealWidth(), doc->size().height());
        blocks_.push_back({nullptr, doc, QRectF(QPointF(kEquationSheetMargin, y), s)});
        right = std::max(right, s.width());
        y += s.height() + kEquationSheetGap;
    };
    const LawEquationSet& set = *sheet.equations;
    addText("<b style='font-size:large'>" + toQString(set.title).toHtmlEscaped() + "</b><br><span style='color:#555'>" +
            caption.toHtmlEscaped() + "</span>");
    for (const LawEquation& e : set.equations) {
        const QString path = ":/equations/" + toQString(e.id) + ".svg";
        auto svg = std::make_shared<QSvgRenderer>(path);
        if (!svg->isValid()) {
            missing_ << toQString(e.id);
            addText("<i>" + toQString(e.tex).toHtmlEscaped() + "</i>");
        } else {
            const QSizeF natural = QSizeF(svg->defaultSize()) * kEquationSvgScale;
            const double k = natural.width() > inner ? inner / natural.width() : 1.0;
            const QSizeF s = natural * k;
            blocks_.push_back({svg, nullptr, QRectF(QPointF(kEquationSheetMargin, y), s)});
            right = std::max(right, s.width());
            y += s.height() + kEquationSheetGap / 2;
        }
        addText("<span style='color:#555'>" + toQString(e.source).toHtmlEscaped() + ".</span> " +
                toQString(e.meaning).toHtmlEscaped());
    }
    QString values = "<b>This impact</b><table cellspacing='0' cellpadding='2'>";
    for (const EquationQuantity& q : sheet.quantities)
        values += "<tr><td>" + toQString(q.symbol) + "</td><td>&nbsp;=&nbsp;</td><td>" +
                  withUnit(formatEquationQuantity(q), q.unit).toHtmlEscaped() + "</td><td style='color:#555'>&nbsp;" +
                  toQString(q.name).toHtmlEscaped() + "</td></tr>";
    values += "</table>";
    addText(values);
    if (!sheet.conditions.empty()) {
        QString rows = "<b>The law's conditions, evaluated</b><table cellspacing='0' cellpadding='2'>";
        for (const EquationCondition& c : sheet.conditions) {
            const QString verdict = c.holds ? "<span style='color:#1a7f37'>holds</span>"
                                            : "<span style='color:#b42318'>does not hold</span>";
            rows += "<tr><td>" + toQString(c.relation) + "</td><td>&nbsp;" +
                    withUnit(formatConditionSide(c, c.lhs), c.unit).toHtmlEscaped() + (c.inequality ? " &le; " : " = ") +
                    withUnit(formatConditionSide(c, c.rhs), c.unit).toHtmlEscaped() + "</td><td>&nbsp;" + verdict +
                    "</td></tr>";
        }
        addText(rows + "</table>");
    }
    if (!sheet.notes.empty()) {
        QString list = "<ul style='margin-left:0'>";
        for (const std::string& n : sheet.notes) list += "<li>" + toQString(n).toHtmlEscaped() + "</li>";
        addText(list + "</ul>");
    }
    size_ = QSizeF(std::max(width, right + 2.0 * kEquationSheetMargin), y - kEquationSheetGap + kEquationSheetMargin);
}

EquationSheetLayout::~EquationSheetLayout() = default;

void EquationSheetLayout::paint(QPainter& painter) const {
    for (const Block& b : blocks_) {
        if (b.svg) {
            b.svg->render(&painter, b.rect);
        } else {
            painter.save();
            painter.translate(b.rect.topLeft());
            QAbstractTextDocumentLayout::PaintContext context;
            context.palette.setColor(QPalette::Text, Qt::black);
            b.text->documentLayout()->draw(&painter, context);
            painter.restore();
        }
    }
}

}  // namespace impactlab::ui
