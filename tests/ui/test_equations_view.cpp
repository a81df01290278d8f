// The Equations view on its own: every registered law's sheet, built by the
// core on an impact that law takes, shows every one of its typeset equations
// (the SVG compiled into the app, made from the catalogue's current text),
// prints the core's numbers through the display formatter, and exports as
// PNG, SVG and CSV. Runs on the offscreen platform.
#include <QCryptographicHash>
#include <QFile>
#include <QImage>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "diagram/DisplayNumber.h"
#include "diagram/LawEquations.h"
#include "equations/EquationSheetPainter.h"
#include "equations/EquationsView.h"
#include "laws/LawComparison.h"
#include "laws/LawRegistry.h"

namespace impactlab::ui {
namespace { namespace IMPACTLAB_UNITY_ID {

// A pixel is ink when it is this much darker than the white sheet.
constexpr int kInkLevel = 128;
// Share of an exported sheet's rows that carry ink: an empty or failed
// drawing has none; a sheet of formulas and tables has text on many rows.
constexpr double kMinInkRowShare = 0.2;

// An impact every law takes: the planar laws need the (t1, n) plane, so the
// problem is planar, with coupling so friction matters.
ImpactProblem makePlanarProblem() {
    Mat3 W;
    W << 2.5, 0.0, -1.5, 0.0, 1.0, 0.0, -1.5, 0.0, 2.5;
    return ImpactProblem::makeContactLevel(W, Vec3(1.0, 0.0, -2.0), 0.3, 0.6);
}

std::vector<ComparedLaw> solveEveryLaw(const ImpactProblem& problem) {
    std::vector<LawChoice> choices;
    for (const LawInfo& law : getLaws()) choices.push_back({law.id, nlohmann::json::object()});
    return compareLaws(problem, choices);
}

double calcInkRowShare(const QImage& image) {
    int rows = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < kInkLevel) {
                ++rows;
                break;
            }
    return image.height() ? static_cast<double>(rows) / image.height() : 0.0;
}

TEST(EquationsView, EveryEquationOfTheCatalogueHasItsSvg) {
    for (const LawEquationSet& set : getLawEquationCatalogue())
        for (const LawEquation& e : set.equations) {
            QSvgRenderer svg(":/equations/" + QString::fromStdString(e.id) + ".svg");
            EXPECT_TRUE(svg.isValid()) << set.law << ": " << e.id << ".svg is missing; run scripts/make-equations.py";
            EXPECT_GT(svg.defaultSize().width(), 0) << e.id;
        }
}

// The SVGs were typeset from the catalogue's current text: the script's
// manifest holds the text of each, and it is the catalogue's.
TEST(EquationsView, EverySvgWasMadeFromTheCataloguesText) {
    QFile file(QStringLiteral(IMPACTLAB_SOURCE_DIR "/resources/equations/manifest.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const nlohmann::json manifest = nlohmann::json::parse(file.readAll().toStdString());
    for (const LawEquationSet& set : getLawEquationCatalogue())
        for (const LawEquation& e : set.equations) {
            ASSERT_TRUE(manifest["equations"].contains(e.id)) << e.id << ": run scripts/make-equations.py";
            const QByteArray hash = QCryptographicHash::hash(QByteArray::fromStdString(e.tex), QCryptographicHash::Sha256).toHex();
            EXPECT_EQ(manifest["equations"][e.id].get<std::string>(), hash.toStdString())
                << e.id << ": its SVG is of an older text; run scripts/make-equations.py";
        }
}

// Every law: the view offers it, draws every equation, and prints the
// core's impulse and velocity after as the display formatter does.
TEST(EquationsView, EveryLawsSheetShowsItsEquationsAndTheCoresNumbers) {
    const ImpactProblem problem = makePlanarProblem();
    const std::vector<ComparedLaw> solved = solveEveryLaw(problem);
    std::vector<std::string> shown;
    for (const ComparedLaw& c : solved) {
        ASSERT_TRUE(c.accepted) << c.id << " refused the planar impact: " << c.refusal;
        shown.push_back(c.id);
    }
    ASSERT_EQ(shown.size(), getLaws().size());

    EquationsView view;
    view.resize(800, 900);
    view.setSheets(makeEquationSheets(problem, solved), "test impact");
    ASSERT_EQ(view.laws().size(), static_cast<qsizetype>(solved.size()));
    for (const ComparedLaw& c : solved) {
        ASSERT_TRUE(view.selectLaw(QString::fromStdString(c.id))) << c.id;
        const EquationSheet* sheet = view.currentSheet();
        ASSERT_NE(sheet, nullptr);
        EXPECT_EQ(sheet->equations->law, c.id);
        const EquationSheetLayout layout(*sheet, "test impact", 800, view.font());
        EXPECT_TRUE(layout.missingEquations().isEmpty()) << c.id << ": " << layout.missingEquations().join(", ").toStdString();
        for (const EquationQuantity& q : sheet->quantities) {
            if (q.symbol == "I") {
                const double scale = c.result.impulse.cwiseAbs().maxCoeff();
                EXPECT_EQ(formatEquationQuantity(q).toStdString(), formatDisplayVector(c.result.impulse, scale)) << c.id;
            }
            if (q.symbol == "v<sup>+</sup>")
                EXPECT_EQ(formatEquationQuantity(q).toStdString(),
                          formatDisplayVector(c.result.vPlus, calcImpactVelocityScale(problem.vMinus, c.result.vPlus)))
                    << c.id;
        }
    }
}

TEST(EquationsView, ExportsPngSvgAndCsv) {
    const ImpactProblem problem = makePlanarProblem();
    EquationsView view;
    view.setSheets(makeEquationSheets(problem, compareLaws(problem, {{"stronge", nlohmann::json::object()}})), "test");
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    ASSERT_TRUE(view.exportPng(dir.filePath("equations.png")));
    const QImage png(dir.filePath("equations.png"));
    ASSERT_FALSE(png.isNull());
    EXPECT_GT(calcInkRowShare(png), kMinInkRowShare);
    ASSERT_TRUE(view.exportSvg(dir.filePath("equations.svg")));
    QSvgRenderer svg(dir.filePath("equations.svg"));
    EXPECT_TRUE(svg.isValid());
    ASSERT_TRUE(view.exportCsv(dir.filePath("equations.csv")));
    QFile csv(dir.filePath("equations.csv"));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    EXPECT_TRUE(text.contains("W_r = -e^2 W_c")) << text.toStdString();
    // Nothing to show: the message, no export.
    view.clear("no impact");
    EXPECT_EQ(view.currentSheet(), nullptr);
    EXPECT_FALSE(view.exportPng(dir.filePath("none.png")));
}

}  // namespace IMPACTLAB_UNITY_ID
}  // namespace
}  // namespace impactlab::ui
