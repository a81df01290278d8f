// A monkey in the window: random actions as a user makes them
// (slider drags and typed values, choices, undo and redo, scene switches, tab
// switches, compared laws ticked and cleared, impacts and intervals selected)
// over every built-in scene, with a fixed seed. After each action the numbers
// the window shows must be the ones the core computes for the document on
// screen: the side panel's summary and every table on screen equal those of a
// page made afresh for that document (nothing carried over from earlier
// actions), every number in a table is the display formatter's output for the
// core's number behind it, and on simulations the summary equals the one built from the
// core's own run of the document. Nothing may crash or hang.
//
//   IMPACTLAB_MONKEY_ACTIONS  actions (default kDefaultActions, CI's short run;
//                             scripts/run-monkey.sh runs kFullActions)
//   IMPACTLAB_MONKEY_SEED     the random seed (default kDefaultSeed)
//   IMPACTLAB_MONKEY_VERBOSE  set: print each action to standard error
//
// Needs an X display for VTK (CTest runs it under with-display.sh).
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <vector>
#include <QTest>
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>
#include <random>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "WindowTestSupport.h"
#include "common/TableNumbers.h"
#include "compare/LawComparisonBox.h"
#include "pages/GranularPage.h"
#include "scene/GranularScene.h"
#include "pages/PageRegistry.h"
#include "pages/SimulationSummary.h"
#include "panel/ParameterPanel.h"
#include "scene/SceneDocument.h"
#include "sim/SceneComparison.h"
#include "timeline/TimelineWidget.h"

using namespace impactlab;
using namespace impactlab::ui;
using namespace impactlab::ui::test;

namespace { namespace IMPACTLAB_UNITY_ID {

// CI's run: every kind of action many times over, past action 205 of seed 23
// (a chart that grew to 13 GB of tick labels), in well under a minute.
constexpr int kDefaultActions = 250;
constexpr unsigned kDefaultSeed = 23;
// A failure report names the action; more than this many mismatches in one
// run stop it (the first ones say what is wrong).
constexpr int kMaxReportedMismatches = 5;

int readEnvInt(const char* name, int fallback) {
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

// Texts that hold the machine's timing (how long a solve or a run took) are
// not numbers of the document: they are masked before comparing.
QString maskTimings(QString html) {
    static const QRegularExpression ms("[0-9.eE+-]+ ms\\b");
    static const QRegularExpression stepping("[0-9.eE+-]+ s of stepping, [0-9.eE+-]+ million contact solves per second");
    html.replace(ms, "# ms");
    html.replace(stepping, "# s of stepping");
    return html;
}

// A column that holds times measured on this machine (Jia & Wang Table 1's
// "time here [us]") is masked like the summary's timings.
const char* const kMeasuredColumnMark = "time here";

// Every cell of a table, row by row, tab-separated.
QString tableText(const QTableWidget* t) {
    QString out;
    std::vector<bool> measured;
    for (int c = 0; c < t->columnCount(); ++c) {
        const QString header = t->horizontalHeaderItem(c) ? t->horizontalHeaderItem(c)->text() : QString();
        measured.push_back(header.contains(kMeasuredColumnMark));
        out += header + '\t';
    }
    out += '\n';
    for (int r = 0; r < t->rowCount(); ++r) {
        for (int c = 0; c < t->columnCount(); ++c)
            out += (measured[c] ? QString("#") : t->item(r, c) ? t->item(r, c)->text() : QString()) + '\t';
        out += '\n';
    }
    return out;
}

// A read-only cell whose text reads as a decimal number ("0.25", "1e-05")
// must carry the number behind it (common/TableNumbers.h); integers (counts,
// indices) and typed inputs need not.
bool readsAsDecimal(const QString& text) {
    static const QRegularExpression decimal("^[-+]?([0-9]*\\.[0-9]+([eE][-+]?[0-9]+)?|[0-9]+(\\.[0-9]*)?[eE][-+]?[0-9]+)$");
    return decimal.match(text.trimmed()).hasMatch();
}

// Every number a table shows is the formatter's output for the core's number
// behind it: each group of cells is formatted again as its table formatted it
// (one format per column or row) and compared with what is on screen.
QString checkTableNumbers(const QTableWidget* t) {
    std::map<int, std::vector<std::pair<const QTableWidgetItem*, TableNumber>>> groups;
    QString problems;
    for (int r = 0; r < t->rowCount(); ++r)
        for (int c = 0; c < t->columnCount(); ++c) {
            const QTableWidgetItem* item = t->item(r, c);
            if (!item) continue;
            if (const std::optional<TableNumber> n = getTableNumber(item)) groups[n->group].emplace_back(item, *n);
            else if (!(item->flags() & Qt::ItemIsEditable) && readsAsDecimal(item->text()))
                problems += QString("table %1, row %2, column %3: '%4' carries no number from the core\n")
                                .arg(t->objectName()).arg(r + 1).arg(c + 1).arg(item->text());
        }
    for (const auto& [group, cells] : groups) {
        std::vector<TableNumber> numbers;
        for (const auto& cell : cells) numbers.push_back(cell.second);
        const std::vector<std::string> expected = formatTableNumbers(numbers);
        for (std::size_t i = 0; i < cells.size(); ++i)
            if (cells[i].first->text().toStdString() != expected[i])
                problems += QString("table %1, row %2, column %3: shows '%4', the formatter gives '%5'\n")
                                .arg(t->objectName()).arg(cells[i].first->row() + 1).arg(cells[i].first->column() + 1)
                                .arg(cells[i].first->text(), QString::fromStdString(expected[i]));
    }
    return problems;
}

class Monkey {
public:
    Monkey(MainWindow& w, unsigned seed) : w_(w), rng_(seed), scenes_(listBuiltInScenes()) {}

    // One random action; returns what it did, for the failure messages.
    QString act() {
        for (;;) {   // draw again when the drawn action does not apply here
            const int roll = draw(0, 99);
            QString done;
            if (roll < 28) done = moveSlider();
            else if (roll < 36) done = typeValue();
            else if (roll < 40) done = pickChoice();
            else if (roll < 50) done = trigger("undo");
            else if (roll < 57) done = trigger("redo");
            else if (roll < 63) done = switchScene();
            else if (roll < 76) done = switchTab();
            else if (roll < 88) done = toggleComparedLaw();
            else done = selectImpact();
            if (!done.isEmpty()) return done;
        }
    }

    // Answers the action as a user waits for it: edits applied, runs done
    // (a granular flow's runs stopped where they are).
    void settle() {
        if (auto* g = w_.page<GranularPage>()) g->cancelRuns();
        w_.currentPage()->flushPendingEdits();
        for (int pass = 0; pass < 3; ++pass) QApplication::processEvents();
    }

    // The numbers on screen against a page made afresh for the same document
    // and selection; an empty string when they agree.
    QString check() {
        ScenePage* page = w_.currentPage();
        const nlohmann::json& doc = w_.currentDocument();
        QString problems;
        for (const QTableWidget* t : page->findChildren<QTableWidget*>())
            if (t->isVisible()) problems += checkTableNumbers(t);
        if (auto* sp = w_.page<SimulationPage>()) {
            const QString fromCore = coreSummary(*sp);
            if (maskTimings(page->summaryHtml()) != maskTimings(fromCore))
                problems += "summary differs from the core's run:\n  shown: " + page->summaryHtml() +
                            "\n  core:  " + fromCore + "\n";
        }
        if (w_.page<GranularPage>()) return problems + checkGranular(doc);
        const PageType* type = findPageType(getSceneKind(doc));
        if (!type) return problems + "no page type for the document\n";
        std::unique_ptr<ScenePage> fresh(type->make());
        fresh->resize(page->size());
        fresh->openDocument(doc);
        if (auto* sp = w_.page<SimulationPage>()) {
            fresh->flushPendingEdits();
            if (sp->selectedImpact() >= 0) static_cast<SimulationPage*>(fresh.get())->selectImpact(sp->selectedImpact());
        }
        if (auto* pp = w_.page<PlusScenePage>()) static_cast<PlusScenePage*>(fresh.get())->selectInterval(pp->selectedInterval());
        fresh->showTab(page->currentTabName());
        fresh->flushPendingEdits();
        QApplication::processEvents();
        if (maskTimings(page->summaryHtml()) != maskTimings(fresh->summaryHtml()))
            problems += "summary differs from a fresh page's:\n  shown: " + page->summaryHtml() +
                        "\n  fresh: " + fresh->summaryHtml() + "\n";
        const QList<QTableWidget*> shown = page->findChildren<QTableWidget*>();
        const QList<QTableWidget*> expected = fresh->findChildren<QTableWidget*>();
        if (shown.size() != expected.size()) return problems + "the pages hold different tables\n";
        for (int i = 0; i < shown.size(); ++i) {
            if (!shown[i]->isVisible()) continue;   // what the window shows
            if (tableText(shown[i]) != tableText(expected[i]))
                problems += "table " + shown[i]->objectName() + " differs from a fresh page's:\n  shown:\n" +
                            tableText(shown[i]) + "  fresh:\n" + tableText(expected[i]);
        }
        return problems;
    }

    QString where() const {
        return w_.currentPage() ? w_.currentPage()->sceneName() + " [" + w_.currentPage()->currentTabName() + "]"
                                : QString("no page");
    }

private:
    int draw(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    double drawReal(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }

    ParameterPanel* panel() const { return w_.currentPage()->parameterPanel(); }

    // A numeric row on screen and enabled (a dead row is no user's target).
    const SceneParameter* pickNumber() {
        std::vector<const SceneParameter*> rows;
        for (const SceneParameter& p : w_.currentParameters()) {
            const QString id = QString::fromStdString(p.id);
            if (p.kind == SceneParameter::Kind::Number && panel()->isRowShown(id) && panel()->slider(id) &&
                panel()->slider(id)->isEnabled())
                rows.push_back(&p);
        }
        return rows.empty() ? nullptr : rows[draw(0, static_cast<int>(rows.size()) - 1)];
    }

    QString moveSlider() {
        const SceneParameter* p = pickNumber();
        if (!p) return {};
        // Copied first: the edit replaces the page's parameters.
        const QString id = QString::fromStdString(p->id);
        const double v = drawReal(p->min, p->max);
        panel()->setSliderPosition(id, v);
        return QString("slider %1 to %2").arg(id).arg(v);
    }

    QString typeValue() {
        const SceneParameter* p = pickNumber();
        if (!p) return {};
        const QString id = QString::fromStdString(p->id);
        QDoubleSpinBox* spin = panel()->spinBox(id);
        if (!spin) return {};
        // Sometimes past the ends: the box clamps what is typed.
        const double lo = spin->minimum(), hi = spin->maximum(), span = hi - lo;
        const double v = drawReal(lo - 0.1 * span, hi + 0.1 * span);
        const QString text = QString::number(v, 'g', 4);
        spin->setFocus();
        spin->selectAll();
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
        return QString("typed %1 into %2").arg(text, id);
    }

    QString pickChoice() {
        std::vector<const SceneParameter*> rows;
        for (const SceneParameter& p : w_.currentParameters())
            if (p.kind == SceneParameter::Kind::Choice && panel()->isRowShown(QString::fromStdString(p.id)))
                rows.push_back(&p);
        if (rows.empty()) return {};
        const SceneParameter* p = rows[draw(0, static_cast<int>(rows.size()) - 1)];
        const QString id = QString::fromStdString(p->id);
        QComboBox* box = panel()->comboBox(id);
        if (!box || !box->isEnabled() || box->count() < 2) return {};
        const int i = draw(0, box->count() - 1);
        const QString text = box->itemText(i);
        box->setCurrentIndex(i);   // may rebuild the panel, box included
        return QString("choice %1 to %2").arg(id, text);
    }

    QString trigger(const QString& name) {
        for (QAction* a : w_.findChildren<QAction*>(name))
            if (a->isEnabled()) {
                a->trigger();
                return name;
            }
        return {};
    }

    QString switchScene() {
        const QString path = scenes_[draw(0, static_cast<int>(scenes_.size()) - 1)];
        QString error;
        if (!w_.openScene(path, &error)) return "open " + path + " FAILED: " + error;
        return "open " + QFileInfo(path).completeBaseName();
    }

    QString switchTab() {
        auto* tabs = w_.currentPage()->findChild<QTabWidget*>("viewTabs");
        if (!tabs) return {};
        std::vector<int> usable;
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->isTabVisible(i) && tabs->isTabEnabled(i)) usable.push_back(i);
        if (usable.empty()) return {};
        const int i = usable[draw(0, static_cast<int>(usable.size()) - 1)];
        tabs->setCurrentIndex(i);
        return "tab " + tabs->tabText(i);
    }

    QString toggleComparedLaw() {
        auto* box = w_.currentPage()->findChild<LawComparisonBox*>();
        if (!box) return {};
        std::vector<QCheckBox*> usable;
        for (QCheckBox* c : box->findChildren<QCheckBox*>())
            if (c->isEnabled() && c->isVisible()) usable.push_back(c);
        if (usable.empty()) return {};
        QCheckBox* c = usable[draw(0, static_cast<int>(usable.size()) - 1)];
        c->click();
        return QString("%1 %2").arg(c->isChecked() ? "compare" : "clear", c->text());
    }

    QString selectImpact() {
        if (auto* pp = w_.page<PlusScenePage>()) {
            const int n = pp->run().plus.intervals;
            const int i = draw(0, n);
            pp->selectInterval(i);
            return QString("interval %1").arg(i);
        }
        TimelineWidget* t = w_.currentPage()->timeline();
        if (!t || t->eventCount() == 0) return {};
        const int i = draw(0, t->eventCount() - 1);
        t->selectEvent(i);
        return QString("impact %1").arg(i + 1);
    }

    // The summary built from the core's own run of the document on screen.
    static QString coreSummary(const SimulationPage& page) {
        const nlohmann::json& doc = page.document();
        const SimulatedScene scene = readSimulatedScene(doc);
        SimulationOptions options;
        options.recordTraces = false;
        SimulationRun run;
        try {
            run = simulate(scene, options);
        } catch (const std::exception& e) {
            return describeRunError(QString::fromUtf8(e.what()));   // the core refuses the document
        }
        const int selected = run.impacts.empty() ? -1 : page.selectedImpact();
        return describeSelectedImpact(
            scene, run, compareLawsOnScene(scene, run, selected, readComparedLaws(doc), false, options));
    }

    // A granular page's runs take seconds: the monkey stops them at once, and
    // checks that the page runs the document's models on its particles.
    QString checkGranular(const nlohmann::json& doc) const {
        const auto* g = w_.page<GranularPage>();
        QString problems;
        const GranularScene scene = parseGranularScene(doc);
        if (g->scene().document != doc) problems += "the granular page's scene is not the document\n";
        if (g->runs().empty() || g->runs().front().model != scene.solver.frictionModel)
            return problems + "the first run is not the document's friction model\n";
        // One run per friction model: the scene's and, when the other is ticked, the other.
        if (g->runs().size() > 1 + readComparedLaws(doc).size())
            problems += QString("the page runs %1 models\n").arg(g->runs().size());
        for (const auto& run : g->runs())
            if (run.frames.empty() || run.frames.front().size() != g->runs().front().frames.front().size())
                problems += "the runs do not start from one pile\n";
        return problems;
    }

    MainWindow& w_;
    std::mt19937 rng_;
    QStringList scenes_;
};


TEST(Monkey, WhatTheWindowShowsIsWhatTheCoreComputesAfterEveryRandomAction) {
    const int actions = readEnvInt("IMPACTLAB_MONKEY_ACTIONS", kDefaultActions);
    const unsigned seed = static_cast<unsigned>(readEnvInt("IMPACTLAB_MONKEY_SEED", kDefaultSeed));
    const bool verbose = qEnvironmentVariableIsSet("IMPACTLAB_MONKEY_VERBOSE");   // each action on stderr
    MainWindow w;
    ASSERT_TRUE(showActive(w));
    QString error;
    ASSERT_TRUE(w.openScene(defaultScenePath(), &error)) << error.toStdString();
    Monkey monkey(w, seed);
    monkey.settle();
    int mismatches = 0;
    std::map<QString, int> kinds;
    for (int k = 1; k <= actions && mismatches < kMaxReportedMismatches; ++k) {
        const QString done = monkey.act();
        if (verbose) std::fprintf(stderr, "monkey %d: %s on %s\n", k, qPrintable(done), qPrintable(monkey.where()));
        QString kind = done.section(' ', 0, 0);
        if (kind == "clear") kind = "compare";
        if (kind == "interval") kind = "impact";
        kinds[kind]++;
        monkey.settle();
        const QString problems = monkey.check();
        if (!problems.isEmpty()) {
            ++mismatches;
            ADD_FAILURE() << "seed " << seed << ", action " << k << " (" << done.toStdString() << ") on "
                          << monkey.where().toStdString() << ":\n"
                          << problems.toStdString();
        }
    }
    // Every kind of action was made (a monkey that only moves sliders proves little).
    for (const char* kind : {"slider", "typed", "undo", "redo", "open", "tab", "compare", "impact"})
        EXPECT_GT(kinds[kind], 0) << kind << " never drawn in " << actions << " actions";
}
}}  // namespace
