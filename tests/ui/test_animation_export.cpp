// File > Export animation...: the dialog's frame count and size estimate, its
// export through a page of its own (the window's page keeps its time), and a
// cancel in the middle that leaves no file, partial or whole.
#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QSpinBox>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "MainWindow.h"
#include "SceneLibrary.h"
#include "pages/ScenePage.h"
#include "timeline/TimelineWidget.h"
#include "video/AnimationExportDialog.h"
#include "video/AnimationRenderer.h"

namespace impactlab::ui {
namespace {

TEST(AnimationExport, DialogCountsFramesAndExportsWithoutMovingTheWindowsPage) {
    MainWindow window;
    window.openScene(resolveSceneArgument("superball"));
    ScenePage* page = window.currentPage();
    ASSERT_NE(page, nullptr);
    ASSERT_NE(page->timeline(), nullptr);
    page->timeline()->setTime(1.5);
    ASSERT_NE(window.findChild<QAction*>("exportAnimation"), nullptr);   // File > Export animation...

    QTemporaryDir dir;
    AnimationExportDialog dialog(*page, &window);
    dialog.setPath(dir.filePath("superball.mp4"));
    // The superball runs 4 s: 120 frames at the defaults (30 fps, 1x).
    EXPECT_TRUE(dialog.estimateText().startsWith("120 frames (4.0 s), about")) << dialog.estimateText().toStdString();
    dialog.setPath(dir.filePath("superball.txt"));
    EXPECT_TRUE(dialog.estimateText().contains(".mp4, .webm or .gif"));
    dialog.setPath(dir.filePath("superball.gif"));

    // Small and fast, set as a person would: 160x90 at 5 fps and 4x speed is 5 frames.
    EXPECT_EQ(dialog.request().size, QSize(1280, 720));
    const auto spins = dialog.findChildren<QSpinBox*>();
    ASSERT_EQ(spins.size(), 3);   // fps, width, height
    spins[0]->setValue(5);
    spins[1]->setValue(160);
    spins[2]->setValue(90);
    dialog.findChild<QDoubleSpinBox*>()->setValue(4.0);
    EXPECT_TRUE(dialog.estimateText().startsWith("5 frames")) << dialog.estimateText().toStdString();
    QString error;
    ASSERT_TRUE(dialog.exportAnimation(&error)) << error.toStdString();
    EXPECT_TRUE(QFileInfo(dir.filePath("superball.gif")).size() > 0);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    EXPECT_DOUBLE_EQ(page->timeline()->time(), 1.5);   // the window's page did not move
}

TEST(AnimationExport, CancelLeavesNoFile) {
    MainWindow window;
    window.openScene(resolveSceneArgument("superball"));
    ScenePage* page = window.currentPage();
    ASSERT_NE(page, nullptr);
    QTemporaryDir dir;
    AnimationRequest request;
    request.size = QSize(160, 90);
    request.fps = 10;
    ASSERT_TRUE(checkAnimationRequest(*page, &request).isEmpty());
    for (const char* name : {"cancelled.mp4", "cancelled.gif"}) {
        QString error;
        int drawn = 0;
        const bool written = writeAnimation(*page, request, dir.filePath(name),
                                            [&drawn](int done, int) {
                                                drawn = done;
                                                return done < 3;   // Cancel after the third frame
                                            },
                                            &error);
        EXPECT_FALSE(written);
        EXPECT_EQ(error, "cancelled");
        EXPECT_EQ(drawn, 3);
        EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty()) << name;
    }
}

}  // namespace
}  // namespace impactlab::ui
